import type { CommandSet } from "../shared/command-set.ts";
import { attempt, DecodeError, Reader } from "../shared/reader.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import { type TrackerConfig, wholeNumber } from "../shared/tracker-config.ts";
import type { DecodeResult } from "../shared/types.ts";
import { teltonikaData, teltonikaFrame } from "./codec.ts";

/**
 * Teltonika Codec 12 (GPRS commands, "Codec 12" on wiki.teltonika-gps.com):
 *   0x00000000 | data length u32 | 0x0C | quantity 1 | type | size u32 | ASCII text | quantity 2 | CRC u32
 * The data length and the CRC-16/IBM (low 16 bits of the last u32) both cover codec..quantity 2.
 * Type 0x05 is a command (server → device), 0x06 the device's response.
 */

export const CODEC_12 = 0x0c;
export const CODEC_12_COMMAND = 0x05;
export const CODEC_12_RESPONSE = 0x06;

function codec12(type: number, text: string): Buffer {
  const body = Buffer.from(text, "latin1");
  const data = Buffer.alloc(1 + 1 + 1 + 4 + body.length + 1);
  data.writeUInt8(CODEC_12, 0);
  data.writeUInt8(1, 1);
  data.writeUInt8(type, 2);
  data.writeUInt32BE(body.length, 3);
  body.copy(data, 7);
  data.writeUInt8(1, 7 + body.length);
  return teltonikaFrame(data);
}

/** A Codec 12 command packet (type 0x05) carrying one ASCII command, as the server sends it. */
export function encodeTeltonikaCommand(command: string): Buffer {
  return codec12(CODEC_12_COMMAND, command);
}

/** A Codec 12 response packet (type 0x06), as the device sends it; as the device sends it (tests, simulator). */
export function encodeTeltonikaResponse(text: string): Buffer {
  return codec12(CODEC_12_RESPONSE, text);
}

/** Decodes one complete Codec 12 response packet (preamble through CRC) into the response text. */
export function decodeTeltonikaResponse(packet: Buffer): DecodeResult<string> {
  return decodeCodec12(packet, CODEC_12_RESPONSE);
}

/** Decodes one complete Codec 12 command packet, as the device reads it (simulator, tests). */
export function decodeTeltonikaCommand(packet: Buffer): DecodeResult<string> {
  return decodeCodec12(packet, CODEC_12_COMMAND);
}

function decodeCodec12(packet: Buffer, expected: number): DecodeResult<string> {
  return attempt(() => {
    const d = new Reader(teltonikaData(packet));
    if (d.u8() !== CODEC_12) throw new DecodeError("not a Codec 12 packet");
    if (d.u8() !== 1) throw new DecodeError("Codec 12 quantity must be 1");
    const type = d.u8();
    if (type !== expected)
      throw new DecodeError(
        `Codec 12 type 0x${type.toString(16)} is not a ${expected === CODEC_12_RESPONSE ? "response" : "command"}`,
      );
    const text = deviceText(d.bytes(d.u32()).toString("latin1"), MAX_COMMAND_RESULT, { multiline: true });
    if (d.u8() !== 1) throw new DecodeError("Codec 12 quantities differ");
    if (d.remaining !== 0) throw new DecodeError("trailing bytes in data field");
    return text;
  });
}

/**
 * FMB1xx/FMB9xx parameter ids (wiki "FMB Parameter list"). Chosen ones:
 *  - 2001 APN name, 2004 server domain, 2005 server port, 2006 server protocol (0 = TCP: our gateway is TCP only);
 *  - 10000 / 10050 "Min Period" (s) of data acquisition on stop / moving in the home network: our `interval`;
 *  - 11104 over speeding scenario "Max Speed" (km/h): our `speedLimit`. The scenario itself must be enabled
 *    in the device profile (11100); we do not switch scenarios on behind the installer's back;
 *  - 103 "Sleep timeout" (minutes): our `sleepTime`. The sleep mode (102) stays as configured.
 * Roaming/unknown-network acquisition periods (101xx/102xx) are left alone: they are usually kept longer on purpose.
 */
export const TELTONIKA_PARAMS = {
  apn: 2001,
  server: 2004,
  port: 2005,
  serverProtocol: 2006,
  periodOnStop: 10000,
  periodMoving: 10050,
  speedLimit: 11104,
  sleepTimeout: 103,
} as const;

/** `;` and `:` separate setparam pairs, so a value containing them (or non-printable ASCII) cannot be sent. */
const SAFE_TEXT = /^[\x21-\x7e]+$/;
const isSafe = (v: string) => SAFE_TEXT.test(v) && !/[;:]/.test(v);

/**
 * Our configuration as one `setparam` command: FMB firmware accepts several `id:value` pairs separated by `;`
 * in one command, so the device answers once and one response means the whole configuration was applied.
 * Empty or unsendable fields are left out rather than sent as a wrong value. Returns null when nothing is left.
 */
export function teltonikaConfigCommand(config: TrackerConfig): string | null {
  const pairs: string[] = [];
  const text = (id: number, value: string | undefined) => {
    const v = value?.trim() ?? "";
    if (v !== "" && isSafe(v)) pairs.push(`${id}:${v}`);
  };
  const num = (id: number, value: number | string | undefined) => {
    const n = wholeNumber(value);
    if (n !== null) pairs.push(`${id}:${n}`);
  };
  const p = TELTONIKA_PARAMS;
  text(p.apn, config.apn);
  num(p.periodOnStop, config.interval);
  num(p.periodMoving, config.interval);
  num(p.speedLimit, config.speedLimit);
  num(p.sleepTimeout, config.sleepTime);
  // The server goes last: the device may reconnect to it as soon as the pair is applied.
  const server = config.server?.trim() ?? "";
  const port = wholeNumber(config.port);
  if (server !== "" && isSafe(server) && port !== null && port > 0 && port < 65536) {
    pairs.push(`${p.server}:${server}`, `${p.port}:${port}`, `${p.serverProtocol}:0`);
  }
  return pairs.length === 0 ? null : `setparam ${pairs.join(";")}`;
}

/**
 * Codec 12 commands of an FMB tracker: `setdigout 1` / `setdigout 0` switch DOUT1, the output the engine-blocking
 * relay is wired to (installation guides for FMB immobilisers); `cpureset` reboots. Each is answered with a
 * Codec 12 response, and custom texts go as typed (the frame carries their length, so no character ends it).
 */
export const teltonikaCommands: CommandSet = {
  texts: { engineStop: "setdigout 1", engineResume: "setdigout 0", reboot: "cpureset" },
  custom: { delimiters: null },
  unanswered: [],
  encode: (text) => encodeTeltonikaCommand(text),
};
