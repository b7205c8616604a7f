import {
  atrackCommandSize,
  EGTS_CC_OK,
  encodeEelinkInstruction,
  encodeEgtsCommandAnswer,
  encodeEgtsDeviceResponse,
  encodeGalileoskyCommand,
  encodeGps103Confirmation,
  encodeH02Confirmation,
  encodeJt808Answer,
  encodeNavtelecomAnswer,
  encodeRuptelaCommandAnswer,
  encodeTopflytechAnswer,
  GL200_PROTOCOL_VERSION,
  h02Status,
  meitrackFrame,
  readAtrackCommand,
  readEelinkInstruction,
  readEgtsCommand,
  readJt808ServerFrame,
  readNavtelecomCommand,
  readTopflytechCommand,
  tk103Location,
  watchFrame,
} from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";
import { egtsTidOf, fixOf } from "./common.ts";

/**
 * What a simulated FMB tracker answers to the server's Codec 12 commands, in the firmware's words, so the
 * demo shows a device's answer in the map's commands section (and configurations settle as 'updated').
 */
export function answerTeltonikaCommand(text: string): string {
  const command = text.trim();
  if (command === "setdigout 1") return "DOUT1:1 DOUT2:0 Timeout:INFINITY";
  if (command === "setdigout 0") return "DOUT1:0 DOUT2:0 Timeout:INFINITY";
  if (command === "cpureset") return "Reset in 5 sec";
  if (command === "getver") return "Ver:03.28.07 Rev:00 GPS:AXN_5.10 Hw:FMB920";
  if (command.startsWith("setparam ")) return `New value ${command.slice("setparam ".length)}`;
  return `Unknown command: ${command.slice(0, 40)}`;
}

/**
 * What a simulated Concox GT06N answers to the server's 0x80 commands: the relay commands are confirmed in the
 * firmware's words; a reset restarts the terminal without an answer (the codec says so, and the map shows it),
 * and anything else goes unanswered, as on a terminal that does not know it.
 */
export function answerGt06Command(text: string): string | null {
  const command = text.trim();
  if (command === "RELAY,1#") return "Cut off the fuel supply: Success!";
  if (command === "RELAY,0#") return "Restore fuel supply: Success!";
  return null;
}

/** The watch keywords the simulated watch confirms (a real one echoes the same). */
const WATCH_CONFIRMS = /^(RESET|UPLOAD|CR|POWEROFF|FIND|FACTORY|SOS[123]?|CENTER|MONITOR|LZ|PEDO|REMOVE)$/;

/** Suntech commands a simulated device carries out and confirms (the output and restart commands). */
const SUNTECH_CONFIRMS = /^(Enable\d|Disable\d|Reboot|StatusReq)$/;

/**
 * The server commands found in what a text-protocol device received, each with the confirmation the device
 * sends back (H02 V4 with its last fix, Meitrack `<command>,OK`, the watch's echo, GPS103 `jt`/`kt`/`ht` (timed
 * tracking C has no answer), TK103 BV01/BT00/BP12 and BR01 with the last fix, Suntech `Res` to CMD/RPT/NTW,
 * Wialon `#AM#1`, Queclink `+ACK:GT…`), and where the text read ends.
 * Pure: the client writes the answers and drops the text up to `consumed`. `imei` names the device in the
 * answers of protocols whose commands do not carry it (Queclink).
 */
export function answerTextCommands(
  protocol: string,
  received: string,
  last: Sample | null,
  imei = "",
): { answers: Buffer[]; consumed: number } {
  const answers: Buffer[] = [];
  let consumed = 0;
  const patterns: Record<string, RegExp> = {
    h02: /\*HQ,(\w+),([A-Z0-9]+),(\d{6})(?:,[^#]*)?#/g,
    meitrack: /@@([A-Za-z])\d+,(\d+),([A-Z0-9]{3})[^*]*\*[0-9A-F]{2}\r\n/g,
    watch: /\[([A-Z0-9]{2})\*(\w+)\*[0-9A-F]{4}\*([A-Z0-9_]+)(?:,[^\]]*)?\]/g,
    gps103: /\*\*,imei:(\w+),([A-Z])(?:,(\w+))?(?![\w,])/g,
    tk103: /\((\d{12})(AV0[01][01]|AT00|AR00[0-9A-F]{8}|AP12H\d{3}L\d{3})\)/g,
    suntech: /([A-Z]{2}\d{3}(?:CMD|RPT|NTW));(\w+);02;([^\r]*)\r/g,
    wialon: /#M#([^\r\n]*)\r\n/g,
    gl200: /AT\+(GT[A-Z]{3})=[^$]*\$/g,
  };
  const pattern = patterns[protocol];
  if (!pattern) return { answers, consumed };
  for (const m of received.matchAll(pattern)) {
    const [whole, a = "", b = "", c = ""] = m;
    if (protocol === "h02" && last) {
      answers.push(
        encodeH02Confirmation(a, b, c, fixOf(last), h02Status({ ignition: last.ignition === true })),
      );
    } else if (protocol === "meitrack" && c !== "CCC") answers.push(meitrackFrame(a, `,${b},${c},OK`));
    else if (protocol === "watch" && WATCH_CONFIRMS.test(c)) answers.push(watchFrame(a, b, c));
    else if (protocol === "gps103") {
      if (/^[JKH]$/.test(b)) answers.push(encodeGps103Confirmation(a, b));
      // Timed tracking (C) has no answer: the device just reports at the new interval.
      else if (b !== "C") continue;
    } else if (protocol === "tk103") answers.push(Buffer.from(`(${a}${tk103Answer(b, last)})`, "latin1"));
    else if (protocol === "suntech" && (SUNTECH_CONFIRMS.test(c) || !a.endsWith("CMD")))
      answers.push(Buffer.from(`${a};Res;${b};02;${c}\r`, "latin1"));
    else if (protocol === "wialon") answers.push(Buffer.from("#AM#1\r\n", "latin1"));
    else if (protocol === "gl200" && imei !== "")
      answers.push(
        Buffer.from(`+ACK:${a},${GL200_PROTOCOL_VERSION},${imei},,FFFF,${ackTime(last)},0001$`, "latin1"),
      );
    else continue;
    consumed = (m.index ?? 0) + whole.length;
  }
  return { answers, consumed };
}

/** TK103's answer to a command: AT00 → BT00, AR00 → BR01 with the last fix, the others A → B with their text. */
function tk103Answer(command: string, last: Sample | null): string {
  if (command === "AT00") return "BT00";
  if (!command.startsWith("AR00")) return `B${command.slice(1)}`;
  if (!last) return "BR01";
  return `BR01${tk103Location(fixOf(last))}`;
}

/** @Track send time, YYYYMMDDHHMMSS UTC, of the last sample (the simulator has no clock of its own here). */
const ackTime = (last: Sample | null): string =>
  new Date(last?.timeMs ?? 0).toISOString().replace(/\D/g, "").slice(0, 14);

/** The binary trackers whose every packet the server acknowledges (`acked.ts`). */
export type BinaryProtocolName =
  | "ruptela"
  | "galileosky"
  | "topflytech"
  | "jt808"
  | "egts"
  | "cellocator"
  | "atrack"
  | "eelink"
  | "navtelecom";

/** A Navtelecom server frame: an NTCB answer (16-byte header, body length u16 LE at 12), or ~A (4), ~T (7), ~C (3). */
function navtelecomFrameSize(rx: Buffer): number | null {
  const first = rx[0];
  if (first === undefined) return null;
  let total = 1;
  if (first === 0x40) total = rx.length >= 16 ? 16 + rx.readUInt16LE(12) : 16;
  else if (first === 0x7e) total = rx[1] === 0x54 ? 7 : rx[1] === 0x43 ? 3 : 4;
  return rx.length >= total ? total : null;
}

/** Size of the next whole frame the server wrote to a binary device (ACK or command), or null until it is all in. */
export function serverFrameSize(protocol: BinaryProtocolName, rx: Buffer): number | null {
  // Cellocator: acknowledgements (type 4) of 28 bytes, generic commands (type 0) of 25.
  if (protocol === "cellocator") {
    if (rx.length < 5) return null;
    const total = rx.readUInt8(4) === 0 ? 25 : 28;
    return rx.length >= total ? total : null;
  }
  // ATrack: FE 02 answers, 12 bytes each, or text commands (`AT…` up to the line end).
  if (protocol === "atrack") {
    if (rx[0] === 0x41) return atrackCommandSize(rx);
    return rx.length >= 12 ? 12 : null;
  }
  // Eelink: 67 67, PID, then the size of the rest (7 bytes in all for an answer; more for an instruction).
  if (protocol === "eelink") {
    if (rx.length < 5) return null;
    const total = rx.readUInt16BE(3) + 5;
    return rx.length >= total ? total : null;
  }
  // Navtelecom: NTCB answers (16-byte header, body length u16 LE at 12), or FLEX ones: ~A 4 bytes, ~T 7, ~C 3.
  if (protocol === "navtelecom") return navtelecomFrameSize(rx);
  if (protocol === "egts") {
    // Transport header (its length in byte 3), the data (length u16 LE at 5) and the data's CRC when there is data.
    if (rx.length < 11) return null;
    const fdl = rx.readUInt16LE(5);
    const total = rx.readUInt8(3) + fdl + (fdl > 0 ? 2 : 0);
    return rx.length >= total ? total : null;
  }
  if (protocol === "jt808") {
    // A frame runs from its 7E flag to the next (7E inside is escaped).
    const end = rx.indexOf(0x7e, 1);
    return end < 0 ? null : end + 1;
  }
  if (protocol === "topflytech") {
    // Header, type, then the packet's own length (an ACK: 15, or 16 with an alarm code; a command: more).
    if (rx.length < 5) return null;
    const total = Math.max(5, rx.readUInt16BE(3));
    return rx.length >= total ? total : null;
  }
  if (protocol === "ruptela") {
    if (rx.length < 2) return null;
    const total = rx.readUInt16BE(0) + 4;
    return rx.length >= total ? total : null;
  }
  if (rx.length < 3) return null;
  // Galileosky: 0x02 + CRC is an ACK; a command is a whole packet (0x01, length, tags, CRC).
  const total = rx.readUInt8(0) === 0x01 ? (rx.readUInt16LE(1) & 0x7fff) + 5 : 3;
  return rx.length >= total ? total : null;
}

/**
 * What a simulated Navtelecom device answers, in the vendor's words: a command (`*!NAME params`) `*@NAME OK,params`
 * (the reset `*@DEV_RESET`), the version query `*#V:…`, another query `*#NAME`.
 */
function navtelecomAnswer(text: string): string {
  if (text === "*!DEV_RESET") return "*@DEV_RESET";
  if (text === "*?V") return "*#V:S-2651:sim";
  const [name = "", params] = text.slice(2).split(" ", 2);
  if (text.startsWith("*?")) return `*#${name}`;
  return params ? `*@${name} OK,${params}` : `*@${name} OK`;
}

/**
 * What a simulated Ruptela, Galileosky, JT/T 808, Eelink or Topflytech device answers to a server command frame:
 * Ruptela a type 7 packet with the result text of its SMS command, Galileosky a packet with the command's number
 * and the text it carried out, a JT/T 808 terminal its general response (0x0001, success) naming the command's
 * serial and id, Eelink an instruction package with the server's flag and `<command> OK`, Topflytech a 0x81
 * packet (UTF-16 text) with the command's serial and `<command> OK`, EGTS the response to the command's packet
 * and a confirmation (CT_COMCONF, done) repeating its id with `<command> OK`, ATrack `$OK` (or its `$INFO=` line),
 * Navtelecom an NTCB answer (`*@…`, `*#…`).
 */
export function answerBinaryCommand(
  protocol: BinaryProtocolName,
  imei: string,
  frame: Buffer,
): Buffer | null {
  // A Cellocator unit restarts on its reset command rather than answering it.
  if (protocol === "cellocator") return null;
  if (protocol === "navtelecom") {
    const command = readNavtelecomCommand(frame);
    return command ? encodeNavtelecomAnswer(navtelecomAnswer(command.text)) : null;
  }
  if (protocol === "atrack") {
    const command = readAtrackCommand(frame);
    if (!command) return null;
    const answer = /^AT\$INFO=\?$/i.test(command) ? `$INFO=${imei},AK7,Rev.sim` : "$OK";
    return Buffer.from(`${answer}\r\n`, "latin1");
  }
  if (protocol === "eelink") {
    const command = readEelinkInstruction(frame);
    return command ? encodeEelinkInstruction(command.sequence, command.flag, `${command.text} OK`) : null;
  }
  if (protocol === "topflytech") {
    const command = readTopflytechCommand(frame);
    return command
      ? encodeTopflytechAnswer(imei, command.serial, `${command.text} OK`, frame.readUInt16BE(0))
      : null;
  }
  // EGTS: every server packet (the result code after the log-in, a command) confirmed by a response packet; a
  // command also carried out and confirmed in a packet of its own.
  if (protocol === "egts") {
    const response = encodeEgtsDeviceResponse(frame, 0);
    const command = readEgtsCommand(frame);
    if (!response || !command) return response;
    const done = encodeEgtsCommandAnswer(
      egtsTidOf(imei),
      1,
      command.commandId,
      EGTS_CC_OK,
      `${command.text} OK`,
    );
    return Buffer.concat([response, done]);
  }
  if (protocol === "jt808") {
    const command = readJt808ServerFrame(frame);
    return command ? encodeJt808Answer(imei.slice(-12).padStart(12, "0"), 0, command) : null;
  }
  if (protocol === "ruptela") {
    if (frame.length < 5 || frame.readUInt8(2) !== 108) return null;
    return encodeRuptelaCommandAnswer(imei, `${frame.toString("latin1", 3, frame.length - 2).trim()} OK`);
  }
  // Tags 0x03 IMEI (15), 0x04 device id (2), 0xE0 command number (4), 0xE1 length + text, as the server writes them.
  if (frame.length < 31 || frame.readUInt8(22) !== 0xe0 || frame.readUInt8(27) !== 0xe1) return null;
  const index = frame.readUInt32LE(23);
  const text = frame.toString("latin1", 29, 29 + frame.readUInt8(28));
  return encodeGalileoskyCommand(imei, index, text.toUpperCase());
}
