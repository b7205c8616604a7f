import type { CommandSet } from "../shared/command-set.ts";
import { encodeEelinkInstruction } from "./codec.ts";

/**
 * Eelink commands travel as instruction packages (0x80) holding the same text commands as the device's SMS
 * interface: `RELAY,1#` cuts the fuel or power through the relay output, `RELAY,0#` restores it, `RESET#`
 * restarts the device. The server's flag is the command's id; the device answers with a 0x80 package carrying that
 * flag and its reply text (decoded as a `commandResult`). The package's sequence is the connection's counter.
 */
export const eelinkCommands: CommandSet = {
  texts: { engineStop: "RELAY,1#", engineResume: "RELAY,0#", reboot: "RESET#" },
  // The text's length is in the package header: no character can end it early.
  custom: { delimiters: null },
  unanswered: [],
  encode: (text, target) => encodeEelinkInstruction(target.serial, target.id, text),
};
