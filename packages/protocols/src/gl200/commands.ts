import type { CommandSet } from "../shared/command-set.ts";
import { queclinkPassword } from "../shared/text-config-commands.ts";

/**
 * Queclink @Track: only custom `AT+GT…$` commands, since every one of them needs the device's own password; the
 * device acknowledges each with `+ACK:GT…`. Configuration commands (`GT…=…`, text-config-commands.ts) get the AT
 * prefix and the model's factory password here.
 */
export const gl200Commands: CommandSet = {
  texts: {},
  custom: { delimiters: null },
  unanswered: [],
  encode(text, target) {
    const config = /^(GT[A-Z]{3})=(.*)$/.exec(text);
    if (config)
      return Buffer.from(`AT+${config[1]}=${queclinkPassword(target.maker)},${config[2]}$`, "latin1");
    return Buffer.from(text.endsWith("$") ? text : `${text}$`, "latin1");
  },
};
