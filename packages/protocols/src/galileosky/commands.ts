import type { CommandSet } from "../shared/command-set.ts";
import { encodeGalileoskyCommand } from "./codec.ts";

/**
 * Galileosky: `Out 0,1` closes output 0 (the immobiliser), `Out 0,0` opens it, `Reset` restarts; the device
 * answers with the command number and its text in tag 0xE1.
 */
export const galileoskyCommands: CommandSet = {
  texts: { engineStop: "Out 0,1", engineResume: "Out 0,0", reboot: "Reset" },
  custom: { delimiters: null },
  unanswered: [],
  encode: (text, target) => encodeGalileoskyCommand(target.imei, target.id, text),
};
