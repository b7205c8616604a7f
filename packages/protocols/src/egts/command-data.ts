import { DecodeError } from "../shared/reader.ts";

/**
 * The commands service (service 4) of EGTS carries one subrecord, the command data (type 51), both ways: the
 * server's command and the terminal's confirmation of it. Its layout, little-endian:
 *   CT and CCT u8 (command type in the high four bits, confirmation type in the low four), CID u32 (the command's
 *   id, which the confirmation repeats), SID u32 (the sender's id), flags u8 (bit 0 a charset byte CHS follows,
 *   bit 1 an authorisation code follows: its length u8 and its bytes), then the command body:
 *     a command (CT 5): ADR u16 (the module addressed, 0 the terminal itself), SZ and ACT u8 (0: the data are
 *       the command's parameters), CCD u16 (the command code), then its data;
 *     a confirmation (CT 1): ADR u16, CCD u16 (both as in the command), then the answer's data.
 * Without a charset byte the text is CP-1251, whose first 128 characters are ASCII.
 */

export const SERVICE_COMMANDS = 4;
export const SR_COMMAND_DATA = 51;

/** Command types (CT). */
export const CT_COMCONF = 1;
export const CT_COM = 5;
/** Delivery notice: the terminal got the command and will confirm it later. */
export const CT_DELIV = 8;

/** Confirmation types (CCT) of a CT_COMCONF. */
export const CC_OK = 0;
export const CC_ERROR = 1;
export const CC_ILL = 2;
export const CC_NCONF = 5;
/** The terminal is still carrying the command out: its confirmation comes later. */
export const CC_INPROG = 6;

/** Command code of the standard's free-form command: its data are passed to the terminal as they are. */
export const EGTS_RAW_DATA = 0x0000;

const CHS_CP1251 = 0;

export interface EgtsCommandData {
  /** Command type (CT). */
  type: number;
  /** Confirmation type (CCT), meaningful for confirmations. */
  confirmation: number;
  /** The command's id (CID). */
  commandId: number;
  /** The sender's id (SID). */
  sourceId: number;
  /** The charset of the data (CHS), 0 (CP-1251) when the subrecord names none. */
  charset: number;
  /** Command code (CCD), for commands and confirmations; null for other command types. */
  code: number | null;
  /** The command's parameters or the answer's data. */
  data: Buffer;
}

/** One command data subrecord → its fields. Throws when it is cut short. */
export function readEgtsCommandData(sr: Buffer): EgtsCommandData {
  if (sr.length < 10) throw new DecodeError("egts: command data too short");
  const type = sr.readUInt8(0) >> 4;
  const confirmation = sr.readUInt8(0) & 0x0f;
  const commandId = sr.readUInt32LE(1);
  const sourceId = sr.readUInt32LE(5);
  const flags = sr.readUInt8(9);
  let at = 10;
  let charset = CHS_CP1251;
  if (flags & 1) {
    if (at + 1 > sr.length) throw new DecodeError("egts: command charset cut");
    charset = sr.readUInt8(at);
    at += 1;
  }
  if (flags & 2) {
    if (at + 1 > sr.length || at + 1 + sr.readUInt8(at) > sr.length)
      throw new DecodeError("egts: command authorisation code cut");
    at += 1 + sr.readUInt8(at);
  }
  // A command has address, size/action and code (5 bytes); a confirmation address and code (4).
  const body = type === CT_COM ? 5 : type === CT_COMCONF ? 4 : 0;
  if (at + body > sr.length) throw new DecodeError(`egts: command body of type ${type} cut`);
  const code = body === 0 ? null : sr.readUInt16LE(at + body - 2);
  return { type, confirmation, commandId, sourceId, charset, code, data: sr.subarray(at + body) };
}

/**
 * A command data subrecord without charset or authorisation code: a command (CT_COM, action 0: parameters) or a
 * confirmation (CT_COMCONF with its confirmation type), addressed to the terminal itself (ADR 0).
 */
export function writeEgtsCommandData(
  type: number,
  confirmation: number,
  commandId: number,
  code: number,
  data: Buffer,
): Buffer {
  const body = type === CT_COM ? 5 : 4;
  const head = Buffer.alloc(10 + body);
  head.writeUInt8(((type & 0x0f) << 4) | (confirmation & 0x0f), 0);
  head.writeUInt32LE(commandId >>> 0, 1);
  head.writeUInt32LE(0, 5);
  head.writeUInt8(0, 9);
  head.writeUInt16LE(0, 10);
  if (type === CT_COM) head.writeUInt8(0, 12);
  head.writeUInt16LE(code & 0xffff, 10 + body - 2);
  return Buffer.concat([head, data]);
}

/** The data as text: CP-1251 (the standard's default) or ASCII; other charsets are shown as hex. */
export function egtsCommandText(command: EgtsCommandData): string {
  if (command.charset === CHS_CP1251) return new TextDecoder("windows-1251").decode(command.data);
  // Charset 1 is ASCII (IA5); 3 Latin-1.
  if (command.charset === 1 || command.charset === 3) return command.data.toString("latin1");
  return command.data.toString("hex");
}

/** What a confirmation says, in words the command list shows (and whose failures it recognises). */
export function egtsConfirmationText(command: EgtsCommandData): string {
  const text = egtsCommandText(command).trim();
  const said = (word: string) => (text ? `${word}: ${text}` : word);
  if (command.confirmation === CC_OK) return text || "OK";
  if (command.confirmation === CC_ERROR) return said("error");
  // The terminal does not take this command, or is not allowed to carry it out.
  if (command.confirmation === CC_ILL) return said("invalid command");
  // Carried out, and the answer is no.
  if (command.confirmation === CC_NCONF) return said("done, negative answer");
  return said(`confirmation ${command.confirmation}`);
}
