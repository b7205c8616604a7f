import net from "node:net";
import type { CommandSet } from "../shared/command-set.ts";
import { DecodeError, type Reader } from "../shared/reader.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import { type TrackerConfig, wholeNumber } from "../shared/tracker-config.ts";
import { encodeGt06Frame } from "./frame.ts";

/**
 * GT06 / Concox online commands (Concox "GT06N communication protocol", server command 0x80):
 *   0x7878 | len | 0x80 | command length | server flag u32 | ASCII command | language u16 | serial | CRC | 0x0D0A
 * `command length` counts the server flag and the command (not the language); `len` counts 0x80..CRC.
 * The terminal answers with 0x15 (GT06/GT06N) or, on newer firmware, 0x21 in a 0x7979 frame.
 */

export const GT06_COMMAND = 0x80;
export const GT06_COMMAND_REPLY = 0x15;
export const GT06_COMMAND_REPLY_2 = 0x21;
/** Language word of the 0x80 packet: 0x0002 asks for English replies (0x0001 would be Chinese). */
const LANGUAGE_ENGLISH = 0x0002;

export interface Gt06CommandOptions {
  /** Server flag echoed back in the reply; lets a server match replies to commands. Default 0. */
  serverFlag?: number;
  /**
   * Append the 2-byte language word. The GT06N document has it; the oldest GT06 firmware does not and
   * would read it as part of the command, so it can be switched off per model. Default true.
   */
  language?: boolean;
}

/** One 0x80 command packet. `serial` is the information serial number (the caller counts per connection). */
export function encodeGt06Command(command: string, serial: number, options: Gt06CommandOptions = {}): Buffer {
  const text = Buffer.from(command, "latin1");
  const language = options.language ?? true;
  const content = Buffer.alloc(1 + 4 + text.length + (language ? 2 : 0));
  content.writeUInt8(4 + text.length, 0);
  content.writeUInt32BE((options.serverFlag ?? 0) >>> 0, 1);
  text.copy(content, 5);
  if (language) content.writeUInt16BE(LANGUAGE_ENGLISH, 5 + text.length);
  const len = 1 + content.length + 2 + 2;
  if (len > 0xff) throw new RangeError("GT06 command too long for a 0x7878 frame");
  return encodeGt06Frame(GT06_COMMAND, content, serial);
}

/**
 * A 0x80 command as the terminal reads it (the simulator's side), from the content between the protocol number
 * and the serial; null when the command length does not fit the content.
 */
export function readGt06Command(content: Buffer): { serverFlag: number; text: string } | null {
  if (content.length < 5) return null;
  const length = content.readUInt8(0);
  if (length < 4 || 1 + length > content.length) return null;
  return { serverFlag: content.readUInt32BE(1), text: content.toString("latin1", 5, 1 + length) };
}

/** The terminal's 0x15 reply to a command, echoing its server flag, with the English language word. */
export function encodeGt06CommandReply(serverFlag: number, text: string, serial: number): Buffer {
  const body = Buffer.from(text, "latin1");
  const content = Buffer.alloc(1 + 4 + body.length + 2);
  content.writeUInt8(4 + body.length, 0);
  content.writeUInt32BE(serverFlag >>> 0, 1);
  body.copy(content, 5);
  content.writeUInt16BE(LANGUAGE_ENGLISH, 5 + body.length);
  return encodeGt06Frame(GT06_COMMAND_REPLY, content, serial);
}

/**
 * The text of a terminal reply, from the content between the protocol number and the serial:
 *  - 0x15: command length u8 | server flag u32 | text (command length - 4) | optional language u16;
 *  - 0x21: server flag u32 | encoding u8 (1 ASCII, 2 UTF-16BE) | text.
 */
export function readGt06Reply(protocol: number, r: Reader): { serverFlag: number; text: string } {
  const reply = readRawReply(protocol, r);
  return {
    serverFlag: reply.serverFlag,
    text: deviceText(reply.text, MAX_COMMAND_RESULT, { multiline: true }),
  };
}

function readRawReply(protocol: number, r: Reader): { serverFlag: number; text: string } {
  if (protocol === GT06_COMMAND_REPLY) {
    const length = r.u8();
    if (length < 4) throw new DecodeError(`reply command length ${length} too small`);
    const serverFlag = r.u32();
    return { serverFlag, text: r.bytes(length - 4).toString("latin1") };
  }
  if (protocol === GT06_COMMAND_REPLY_2) {
    const serverFlag = r.u32();
    const encoding = r.u8();
    const raw = r.bytes(r.remaining);
    if (encoding === 2) {
      if (raw.length % 2 !== 0) throw new DecodeError("odd UTF-16 reply length");
      return { serverFlag, text: Buffer.from(raw).swap16().toString("utf16le") };
    }
    return { serverFlag, text: raw.toString("latin1") };
  }
  throw new DecodeError(`protocol 0x${protocol.toString(16)} is not a command reply`);
}

/** `,` and `#` delimit Concox SMS/online commands, so values containing them cannot be sent. */
const isSafe = (v: string) => /^[\x21-\x7e]+$/.test(v) && !/[,#]/.test(v);

/** Overspeed must persist this long (s) before the alarm; the Concox range is 5-600, 20 avoids GPS spikes. */
const SPEED_DETECT_SECONDS = 20;

/**
 * Our configuration as Concox commands, one reply each. Not mapped: `sleepTime`, for which GT06 firmwares
 * have no common command (the sleep behaviour differs per model). SERVER mode 0 takes an IP, 1 a domain name.
 * The server command goes last because the terminal may reconnect to the new address right after it.
 */
export function gt06ConfigCommands(config: TrackerConfig): string[] {
  const out: string[] = [];
  const apn = config.apn?.trim() ?? "";
  if (apn !== "" && isSafe(apn)) out.push(`APN,${apn}#`);
  const interval = wholeNumber(config.interval);
  if (interval !== null && interval > 0) out.push(`TIMER,${interval}#`);
  const speed = wholeNumber(config.speedLimit);
  if (speed !== null && speed > 0 && speed <= 255) out.push(`SPEED,ON,${SPEED_DETECT_SECONDS},${speed},1#`);
  const server = config.server?.trim() ?? "";
  const port = wholeNumber(config.port);
  if (server !== "" && isSafe(server) && port !== null && port > 0 && port < 65536) {
    out.push(`SERVER,${net.isIP(server) ? 0 : 1},${server},${port},0#`);
  }
  return out;
}

/**
 * GT06 / Concox online commands: `RELAY,1#` cuts oil and electricity, `RELAY,0#` restores them, `RESET#`
 * restarts the terminal. The relay commands are answered in a 0x15/0x21 reply; a reset takes the terminal off
 * the line at once, so a reply to it, when a firmware sends one at all, races the restart: the sign that it took
 * the command is its next login, and Vigia does not wait for an answer. The frame carries the text's length, so
 * a custom text may hold any printable character.
 */
export const gt06Commands: CommandSet = {
  texts: { engineStop: "RELAY,1#", engineResume: "RELAY,0#", reboot: "RESET#" },
  custom: { delimiters: null },
  unanswered: ["reboot"],
  encode: (text, target) => encodeGt06Command(text, target.serial, { serverFlag: target.id }),
};
