import type { CommandSet } from "../shared/command-set.ts";
import { meitrackFrame } from "./codec.ts";

/**
 * Meitrack commands, `@@<flag><length>,<imei>,<command>*<checksum>\r\n`: C01 sets the five outputs (1 on, 0 off,
 * 2 keep), and output A drives the immobiliser relay. The device answers `$$…,<imei>,C01,OK*…`.
 */
export const meitrackCommands: CommandSet = {
  texts: { engineStop: "C01,0,12222", engineResume: "C01,0,02222" },
  custom: { delimiters: /[*\r\n]/ },
  unanswered: [],
  encode: (text, target) =>
    meitrackFrame(String.fromCharCode(0x41 + (target.serial % 26)), `,${target.imei},${text}`, "@@"),
};
