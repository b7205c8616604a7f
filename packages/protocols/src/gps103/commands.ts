import type { CommandSet } from "../shared/command-set.ts";

/**
 * GPS103 (Coban GPRS protocol): `**,imei:<imei>,J` cuts oil and power, `K` restores them; the device confirms with
 * a report whose keyword is `jt` / `kt`. `;` separates its frames.
 */
export const gps103Commands: CommandSet = {
  texts: { engineStop: "J", engineResume: "K" },
  custom: { delimiters: /;/ },
  unanswered: [],
  encode: (text, target) => Buffer.from(`**,imei:${target.imei},${text}`, "latin1"),
};
