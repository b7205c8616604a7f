import { attempt, DecodeError } from "../shared/reader.ts";
import { createFramedSession } from "../shared/session.ts";
import { deviceText, MAX_COMMAND_RESULT } from "../shared/text.ts";
import {
  DEFAULT_MAX_FRAME_BYTES,
  type DecodedMessage,
  type DecodedPosition,
  type DecodeResult,
  type EncodableFix,
  emptyMessage,
  type SessionOptions,
  type StreamOutput,
  type StreamSession,
} from "../shared/types.ts";
import {
  CC_INPROG,
  CT_COMCONF,
  CT_DELIV,
  type EgtsCommandData,
  egtsConfirmationText,
  readEgtsCommandData,
  SERVICE_COMMANDS,
  SR_COMMAND_DATA,
} from "./command-data.ts";
import {
  type EgtsRecord,
  type EgtsSubrecord,
  egtsPacketSize,
  PT_APPDATA,
  PT_RESPONSE,
  readEgtsPacket,
  writeEgtsPacket,
  writeEgtsRecord,
} from "./frame.ts";
import { encodeTeledata, readTeledata } from "./teledata.ts";

/**
 * EGTS messages (layers in `frame.ts`, positions in `teledata.ts`). The device names itself in the authentication
 * service's terminal identity subrecord (terminal id TID u32, flags u8: bit 0 home dispatcher id u16 follows, bit 1
 * the IMEI, 15 characters, bit 2 the IMSI, 16 …): its id is the IMEI when it sends a 15-digit one, the TID in
 * decimal otherwise. Its data records carry an object id, the TID: a record of another object ends the connection
 * (one connection is one device). Without a log-in, the first object id names the device.
 * Every application data packet is answered with a response packet naming its id, result 0, and a record
 * response (confirmed record number, status 0) for each of its records; a terminal identity also gets the
 * authentication service's result code 0 in a packet of its own, which completes the device's log-in. The device's
 * own response packets are answered with nothing. The commands service's confirmations (`command-data.ts`) answer
 * the server's commands: a final one (not "in progress") is a `commandResult` with its text, a delivery notice or
 * an "in progress" one is a heartbeat, as the command's answer is still to come. Any other record of a service
 * other than authentication and teledata is kept with the packet as `undecoded` (quarantined, then answered).
 */

export const SERVICE_AUTH = 1;
export const SERVICE_TELEDATA = 2;
const SR_RECORD_RESPONSE = 0;
const SR_TERM_IDENTITY = 1;
const SR_RESULT_CODE = 9;

/** Who the connection belongs to: the id the server stores and the TID its records name. */
export interface EgtsIdentity {
  id: string;
  tid: number;
}

/** The server's packet and record numbers: one counter per connection. */
export type EgtsNumbers = () => number;

function counter(start = 0): EgtsNumbers {
  let n = start & 0xffff;
  return () => {
    const v = n;
    n = (n + 1) & 0xffff;
    return v;
  };
}

function identityOf(data: Buffer): EgtsIdentity {
  if (data.length < 5) throw new DecodeError("egts: terminal identity too short");
  const tid = data.readUInt32LE(0);
  const flags = data.readUInt8(4);
  const at = 5 + (flags & 1 ? 2 : 0);
  const imei = flags & 2 && data.length >= at + 15 ? data.toString("latin1", at, at + 15) : "";
  return { id: /^\d{15}$/.test(imei) ? imei : String(tid), tid };
}

/** One record response record: record header (7 bytes), one subrecord header (3) and its data (3). */
const RECORD_RESPONSE_BYTES = 13;

/**
 * The response packet to `packetId`: result 0 and a record response for each record. Every packet is answered
 * with one, so its data is written into one buffer rather than assembled from a buffer per part.
 */
function response(packetId: number, records: EgtsRecord[], next: EgtsNumbers): Buffer {
  const id = next();
  const data = Buffer.alloc(3 + records.length * RECORD_RESPONSE_BYTES);
  data.writeUInt16LE(packetId, 0); // then the result, 0
  let at = 3;
  for (const r of records) {
    // The record: its data's length, our record number, no flags, the services of the record it answers swapped.
    data.writeUInt16LE(6, at);
    data.writeUInt16LE(next(), at + 2);
    data.writeUInt8(r.recipientService, at + 5);
    data.writeUInt8(r.sourceService, at + 6);
    // Its one subrecord, a record response: the confirmed record's number, then its status, 0.
    data.writeUInt8(SR_RECORD_RESPONSE, at + 7);
    data.writeUInt16LE(3, at + 8);
    data.writeUInt16LE(r.number, at + 10);
    at += RECORD_RESPONSE_BYTES;
  }
  return writeEgtsPacket(id, PT_RESPONSE, data);
}

/**
 * What the commands service's records of a packet say: the first final confirmation, whether every one of them
 * was understood (confirmations and delivery notices only), and whether there was any.
 */
function commandRecords(records: EgtsRecord[]): {
  result: EgtsCommandData | null;
  understood: boolean;
  any: boolean;
} {
  let result: EgtsCommandData | null = null;
  let understood = true;
  let any = false;
  for (const r of records) {
    if (r.sourceService !== SERVICE_COMMANDS) continue;
    any = true;
    for (const s of r.subrecords) {
      const read = s.type === SR_COMMAND_DATA ? attempt(() => readEgtsCommandData(s.data)) : null;
      if (!read?.ok || (read.value.type !== CT_COMCONF && read.value.type !== CT_DELIV)) understood = false;
      else if (read.value.type === CT_COMCONF && read.value.confirmation !== CC_INPROG) result ??= read.value;
    }
  }
  return { result, understood, any };
}

/** The authentication service's result code 0: the device is logged in. */
function resultCode(next: EgtsNumbers): Buffer {
  const id = next();
  const record = writeEgtsRecord(next(), SERVICE_AUTH, SERVICE_AUTH, [
    { type: SR_RESULT_CODE, data: Buffer.from([0]) },
  ]);
  return writeEgtsPacket(id, PT_APPDATA, record);
}

/** The first terminal identity subrecord of the authentication service's records (a log-in), if any. */
function firstTermIdentity(records: EgtsRecord[]): EgtsSubrecord | undefined {
  for (const r of records) {
    if (r.sourceService !== SERVICE_AUTH) continue;
    for (const s of r.subrecords) if (s.type === SR_TERM_IDENTITY) return s;
  }
  return undefined;
}

/**
 * One whole packet → message, with the connection's identity after it. `identity` is the connection's so far;
 * `next` numbers the server's packets and records. Never throws.
 */
export function decodeEgtsPacket(
  packet: Buffer,
  identity: EgtsIdentity | null = null,
  next: EgtsNumbers = counter(),
): DecodeResult<{ message: DecodedMessage; identity: EgtsIdentity | null }> {
  return attempt(() => {
    const read = readEgtsPacket(packet);
    let who = identity;
    const login = firstTermIdentity(read.records);
    if (login) {
      const named = identityOf(login.data);
      if (who !== null && who.id !== named.id) throw new DecodeError("egts: log-in of another device");
      who = named;
    }
    for (const r of read.records) {
      if (r.objectId === null) continue;
      if (who === null) who = { id: String(r.objectId), tid: r.objectId };
      else if (r.objectId !== who.tid) throw new DecodeError(`egts: record of another object ${r.objectId}`);
    }
    const positions: DecodedPosition[] = [];
    for (const r of read.records)
      if (r.sourceService === SERVICE_TELEDATA) positions.push(...readTeledata(r.subrecords));
    const commands = commandRecords(read.records);
    const kind = commands.result
      ? "commandResult"
      : positions.length > 0
        ? "position"
        : login
          ? "login"
          : read.type === PT_RESPONSE || (commands.any && commands.understood)
            ? "heartbeat"
            : "unknown";
    const message = emptyMessage(kind, who?.id ?? null);
    message.positions.push(...positions);
    if (read.answers) message.attributes = { answered: read.answers.id, result: read.answers.result };
    if (commands.result) {
      // The command's answer takes `result`, as every protocol's does; CID names the command it answers.
      message.attributes.result = deviceText(egtsConfirmationText(commands.result), MAX_COMMAND_RESULT, {
        multiline: true,
      });
      message.attributes.commandId = commands.result.commandId;
    }
    const other = read.records.find(
      (r) =>
        r.sourceService !== SERVICE_AUTH &&
        r.sourceService !== SERVICE_TELEDATA &&
        !(r.sourceService === SERVICE_COMMANDS && commands.understood),
    );
    if (other && read.type !== PT_RESPONSE) {
      message.undecoded = {
        offset: 0,
        reason: `egts: record ${other.number} of service ${other.sourceService}`,
      };
      message.raw = packet;
    }
    if (read.type !== PT_RESPONSE) {
      const answer = response(read.id, read.records, next);
      message.ack = login ? Buffer.concat([answer, resultCode(next)]) : answer;
    }
    return { message, identity: who };
  });
}

/** One EGTS connection: the device names itself by its log-in or its records' object id. */
export function createEgtsSession(options: SessionOptions = {}): StreamSession {
  const maxFrame = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let identity: EgtsIdentity | null = null;
  const next = counter();
  function step(buf: Buffer, out: StreamOutput): number {
    const total = egtsPacketSize(buf);
    if (total === 0) return 0;
    if (total > maxFrame) throw new DecodeError(`frame of ${total} bytes exceeds ${maxFrame}`);
    if (buf.length < total) return 0;
    const res = decodeEgtsPacket(buf.subarray(0, total), identity, next);
    if (!res.ok) throw new DecodeError(res.error);
    const { message } = res.value;
    if (message.imei === null && !options.allowAnonymous)
      throw new DecodeError("egts: data before the log-in");
    identity = res.value.identity;
    out.messages.push(message);
    if (message.ack) out.replies.push(message.ack);
    return total;
  }
  const session = createFramedSession(step, maxFrame, () => identity?.id ?? null);
  // Commands take their packet ids from the same counter as the answers.
  session.nextSerial = next;
  return session;
}

/**
 * A server packet as the device reads it (simulator, tests): its type, the packet id a response answers and the
 * result codes of an authentication result; null when it is not a whole EGTS packet.
 */
export function readEgtsServerPacket(
  packet: Buffer,
): { id: number; type: number; answers: number | null; resultCodes: number[] } | null {
  try {
    const read = readEgtsPacket(packet);
    const resultCodes = read.records.flatMap((r) =>
      r.subrecords
        .filter((s) => s.type === SR_RESULT_CODE && s.data.length >= 1)
        .map((s) => s.data.readUInt8(0)),
    );
    return { id: read.id, type: read.type, answers: read.answers?.id ?? null, resultCodes };
  } catch {
    return null;
  }
}

// ---- Encoding (device side: simulator, tests) ----

/** The device's log-in: terminal identity with its TID and IMEI. */
export function encodeEgtsLogin(tid: number, imei: string, packetId: number): Buffer {
  const data = Buffer.alloc(20);
  data.writeUInt32LE(tid >>> 0, 0);
  data.writeUInt8(0x02, 4);
  Buffer.from(imei.padStart(15, "0").slice(-15), "latin1").copy(data, 5);
  const record = writeEgtsRecord(
    packetId,
    SERVICE_AUTH,
    SERVICE_AUTH,
    [{ type: SR_TERM_IDENTITY, data }],
    tid,
  );
  return writeEgtsPacket(packetId, PT_APPDATA, record);
}

/** Fixes as teledata records of object `tid`, one record each; `stored` marks them sent from the black box. */
export function encodeEgtsPositions(
  tid: number,
  packetId: number,
  fixes: (EncodableFix & { odometerM?: number })[],
  stored = false,
): Buffer {
  const records = fixes.map((fix, i) =>
    writeEgtsRecord(
      (packetId + i) & 0xffff,
      SERVICE_TELEDATA,
      SERVICE_TELEDATA,
      encodeTeledata(fix, stored, fix.odometerM),
      tid,
    ),
  );
  return writeEgtsPacket(packetId, PT_APPDATA, Buffer.concat(records));
}

/** The device's response to a server packet (the result code packet): its id, result 0, its records confirmed. */
export function encodeEgtsDeviceResponse(server: Buffer, packetId: number): Buffer | null {
  try {
    const read = readEgtsPacket(server);
    if (read.type === PT_RESPONSE) return null;
    return response(read.id, read.records, counter(packetId));
  } catch {
    return null;
  }
}
