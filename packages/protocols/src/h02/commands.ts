import type { CommandSet } from "../shared/command-set.ts";

const hhmmss = (ms: number): string => new Date(ms).toISOString().slice(11, 19).replaceAll(":", "");

/**
 * H02 commands, `*HQ,<id>,<command>,<hhmmss>,<parameters>#` with the server time: S20 with 1 cuts fuel (the pulse
 * pattern that stops a running engine gradually), with 0 restores it. The device confirms with a V4 frame naming
 * the command. `#` and `*` delimit the frame, so a custom text cannot hold them.
 */
export const h02Commands: CommandSet = {
  texts: { engineStop: "S20,1,3,10,3,5,5,3,5,3,5,3,5", engineResume: "S20,0,0" },
  custom: { delimiters: /[#*]/ },
  unanswered: [],
  encode(text, target) {
    const comma = text.indexOf(",");
    const [command, parameters] = comma < 0 ? [text, ""] : [text.slice(0, comma), text.slice(comma)];
    return Buffer.from(`*HQ,${target.imei},${command},${hhmmss(target.nowMs)}${parameters}#`, "latin1");
  },
};
