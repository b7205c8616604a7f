import type { CommandSet } from "../shared/command-set.ts";
import { wialonCommand } from "./codec.ts";

/**
 * Wialon IPS: only custom texts, sent as a message to the device (`#M#text`, with the CRC in 2.0), which the
 * device acknowledges with `#AM#1`: IPS defines no engine or reboot command of its own.
 */
export const wialonCommands: CommandSet = {
  texts: {},
  custom: { delimiters: /[#\r\n]/ },
  unanswered: [],
  encode: (text, target) => wialonCommand(text, target.maker === "2.0" ? "2.0" : "1.1"),
};
