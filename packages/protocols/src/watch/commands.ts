import type { CommandSet } from "../shared/command-set.ts";
import { watchFrame } from "./codec.ts";

/** Watch commands, `[SG*<id>*<length>*RESET]` restarts the watch; the watch echoes the keyword. No engine. */
export const watchCommands: CommandSet = {
  texts: { reboot: "RESET" },
  custom: { delimiters: /[[\]]/ },
  unanswered: [],
  encode: (text, target) => watchFrame(target.maker ?? "SG", target.imei, text),
};
