import type { CommandSet } from "../shared/command-set.ts";

/**
 * TK103: `(<id>AV010)` oil control off (AV01 with 0), `(<id>AV011)` on, `(<id>AT00)` restart, with the device id
 * as twelve digits; the device answers BV01 / BT00 (the document's "answer oil control" and "answer restart").
 */
export const tk103Commands: CommandSet = {
  texts: { engineStop: "AV010", engineResume: "AV011", reboot: "AT00" },
  custom: { delimiters: /[()]/ },
  unanswered: [],
  encode: (text, target) => Buffer.from(`(${target.imei.padStart(12, "0").slice(-12)}${text})`, "latin1"),
};
