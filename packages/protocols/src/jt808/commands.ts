import type { CommandSet } from "../shared/command-set.ts";
import { encodeJt808Command } from "./codec.ts";

/**
 * JT/T 808 commands: reboot is terminal control (0x8105) with command word 4 "terminal reset", written `8105:4`; a
 * custom text goes as a text message (0x8300) for the terminal's display, which terminals also take as their own
 * commands. The terminal answers either with its general response (0x0001). The standard's vehicle control
 * (0x8500) locks doors, not the engine: no engine command.
 */
export const jt808Commands: CommandSet = {
  texts: { reboot: "8105:4" },
  custom: { delimiters: null },
  unanswered: [],
  encode: (text, target) => encodeJt808Command(target.imei, target.serial, text),
};
