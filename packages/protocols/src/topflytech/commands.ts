import type { CommandSet } from "../shared/command-set.ts";
import { encodeTopflytechCommand } from "./codec.ts";

/** The packet headers a Topflytech device may write, named as the connection's dialect (`CommandTarget.maker`). */
const HEADERS: Readonly<Record<string, number>> = {
  "2323": 0x2323,
  "2525": 0x2525,
  "2626": 0x2626,
  "2727": 0x2727,
};

/**
 * Topflytech commands: the device's own text commands (as its configuration tool and SMS take them) in a server
 * 0x81 packet ("setting/broadcast/forward, from server" in the T8803 document, answered 0x81 by the device) with the
 * header the device writes; it answers with a 0x81 packet of its own. Only custom texts: the
 * text of the relay command and its meaning differ between models and firmwares, so no fixed engine or reboot
 * command is offered.
 */
export const topflytechCommands: CommandSet = {
  texts: {},
  // The text's length is in the packet header: no character can end it early.
  custom: { delimiters: null },
  unanswered: [],
  encode: (text, target) =>
    encodeTopflytechCommand(target.imei, target.serial, text, HEADERS[target.maker ?? ""] ?? 0x2525),
};
