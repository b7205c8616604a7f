import { DecodeError, Reader } from "../shared/reader.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import { type Attributes, type DecodedMessage, emptyMessage } from "../shared/types.ts";
import { readDate } from "./fields.ts";

/**
 * Topflytech packets that carry no position, after the 15-byte head (header, type, length, serial, IMEI):
 *   0x05 network: the time (yymmddhhmmss BCD, UTC), then five fields each a length byte and its bytes: operator
 *        name (UTF-16LE), access technology, band, IMSI and ICCID (ASCII), e.g. "T-Mobile", "CAT-NB1",
 *        "LTE BAND 4". Answered like every packet of the family, so the device does not send it again.
 *   0x81 the device's answer to a server setting: a byte 0x01 and the answer as UTF-16LE text (otherwise ASCII).
 *        An answer is not answered.
 */

const NETWORK_FIELDS = ["operator", "networkType", "band", "imsi", "iccid"] as const;

/** Text a device wrote, cleaned like every device text (printable, bounded). */
const text = (bytes: Buffer, utf16: boolean): string =>
  deviceText(utf16 ? bytes.toString("utf16le") : bytes.toString("latin1"), 64);

/** The 0x05 network packet's fields; throws a DecodeError when they do not fill the packet as laid out. */
export function readTopflytechNetwork(payload: Buffer, imei: string): DecodedMessage {
  const r = new Reader(payload);
  const message = emptyMessage("heartbeat", imei);
  message.ts = readDate(r);
  const attributes: Attributes = {};
  for (const name of NETWORK_FIELDS) {
    if (r.remaining === 0) break;
    const value = text(r.bytes(r.u8()), name === "operator");
    if (value !== "") attributes[name] = value;
  }
  if (r.remaining !== 0) throw new DecodeError("network packet longer than its fields");
  message.attributes = attributes;
  return message;
}

/** The 0x81 answer to a server setting, as a `commandResult`. */
export function readTopflytechAnswer(payload: Buffer, imei: string): DecodedMessage {
  const message = emptyMessage("commandResult", imei);
  const utf16 = payload[0] === 0x01;
  const body = utf16 ? payload.subarray(1, payload.length - ((payload.length - 1) % 2)) : payload;
  const raw = utf16 ? body.toString("utf16le") : body.toString("latin1");
  message.attributes = { result: deviceText(raw, MAX_COMMAND_RESULT, { multiline: true }) };
  return message;
}
