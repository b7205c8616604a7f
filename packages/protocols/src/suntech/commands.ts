import type { CommandSet } from "../shared/command-set.ts";

/**
 * Suntech: `<model>CMD;<id>;02;Enable1` activates output 1 (the blocking relay), `Disable1` releases it, `Reboot`
 * restarts; the model is the device's own header (ST300, SA200…). It answers `<model>CMD;Res;<id>;…`. Parameter
 * settings (`RPT;…`, `NTW;…`) have their own header, which is why a custom text cannot hold the `;`.
 */
export const suntechCommands: CommandSet = {
  texts: { engineStop: "Enable1", engineResume: "Disable1", reboot: "Reboot" },
  custom: { delimiters: /[;\r]/ },
  unanswered: [],
  encode(text, target) {
    const setting = /^(RPT|NTW);(.*)$/.exec(text);
    const [kind, body] = setting ? [setting[1], setting[2]] : ["CMD", text];
    return Buffer.from(`${target.maker ?? "ST300"}${kind};${target.imei};02;${body}\r`, "latin1");
  },
};
