import type { CommandSet } from "../shared/command-set.ts";
import { encodeRuptelaCommand, RUPTELA_SMS_VIA_GPRS } from "./codec.ts";

/** Ruptela: custom texts as "SMS via GPRS", the device's SMS command set; it answers with type 7. */
export const ruptelaCommands: CommandSet = {
  texts: {},
  custom: { delimiters: null },
  unanswered: [],
  encode: (text) => encodeRuptelaCommand(RUPTELA_SMS_VIA_GPRS, Buffer.from(text, "latin1")),
};
