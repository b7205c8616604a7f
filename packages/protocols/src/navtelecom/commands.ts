import type { CommandSet } from "../shared/command-set.ts";
import { HEADER_BYTES, ntcbPacket, PREAMBLE, xorOf } from "./ntcb.ts";

/**
 * Navtelecom commands are the vendor's text commands (`*!` to carry something out, `*?` to ask) in an NTCB packet
 * on the device's connection; the device answers in an NTCB packet of its own (`*@` for a command, `*#` for a
 * query: `*!DEV_RESET` → `*@DEV_RESET`, `*!SETOUT 1Y` → `*@SETOUT OK,1Y`), read by the codec as the command's
 * result. Engine stop and resume switch output 1 on and off, as Teltonika's and Galileosky's do; reboot is the
 * device reset. The packet is addressed with the ids the device used in its log-in, swapped as in the server's
 * answers (`maker`: the log-in's `<receiver>:<sender>`; without it the vendor's defaults, device 0 and server 1).
 */
export const navtelecomCommands: CommandSet = {
  texts: { engineStop: "*!SETOUT 1Y", engineResume: "*!SETOUT 1N", reboot: "*!DEV_RESET" },
  // The body's length is in the NTCB header: no character can end it early.
  custom: { delimiters: null },
  unanswered: [],
  encode: (text, target) => {
    const ids = /^(\d+):(\d+)$/.exec(target.maker ?? "");
    const [server, device] = ids ? [Number(ids[1]), Number(ids[2])] : [1, 0];
    return ntcbPacket(device, server, Buffer.from(text, "latin1"));
  },
};

/** The ids a log-in packet carries, as `<receiver>:<sender>` (the dialect the device's commands are sent in). */
export function navtelecomIdsOf(packet: Buffer): string | undefined {
  if (packet.length < HEADER_BYTES || !packet.subarray(0, 4).equals(PREAMBLE)) return undefined;
  return `${packet.readUInt32LE(4)}:${packet.readUInt32LE(8)}`;
}

// ---- The device's side (simulator, tests) ----

/** A server command as the device reads it (`*!…` or `*?…` in a whole NTCB packet); null otherwise. */
export function readNavtelecomCommand(
  packet: Buffer,
): { receiver: number; sender: number; text: string } | null {
  if (packet.length < HEADER_BYTES || !packet.subarray(0, 4).equals(PREAMBLE)) return null;
  const total = HEADER_BYTES + packet.readUInt16LE(12);
  if (packet.length !== total || xorOf(packet, 0, 15) !== packet[15]) return null;
  const body = packet.subarray(HEADER_BYTES);
  if (xorOf(body) !== packet[14]) return null;
  const text = body.toString("latin1");
  if (!/^\*[!?]/.test(text)) return null;
  return { receiver: packet.readUInt32LE(4), sender: packet.readUInt32LE(8), text };
}

/** The device's answer (`*@…` or `*#…`) to the server, in the device's ids (the vendor's defaults: 1 and 0). */
export function encodeNavtelecomAnswer(text: string, receiver = 1, sender = 0): Buffer {
  return ntcbPacket(receiver, sender, Buffer.from(text, "latin1"));
}
