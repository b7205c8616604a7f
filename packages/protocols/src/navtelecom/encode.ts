import type { EncodableFix } from "../shared/types.ts";
import { bitfieldOf, fieldBytes } from "./flex-fields.ts";
import { flexMessage, ntcbPacket } from "./ntcb.ts";

// ---- Encoding (device side: simulator, tests) ----

/** The device's ids in the NTCB header by default: receiver (the server) 1, sender (the device) 0. */
const SERVER_ID = 1;
const DEVICE_ID = 0;
const MINUTE_UNITS = 600_000;

/** The fields the simulator's devices send: index, event code and time, GNSS state, fix, speed, course, supply. */
export const NAVTELECOM_SIM_FIELDS = [1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 19];

export function encodeNavtelecomLogin(imei: string): Buffer {
  return ntcbPacket(SERVER_ID, DEVICE_ID, Buffer.from(`*>S:${imei}`, "latin1"));
}

/** The negotiation: FLEX 1.0 protocol, structure 1.0 (69 fields) unless told otherwise, naming `fields`. */
export function encodeNavtelecomFlex(
  fields: number[],
  options: { protocolVersion?: number; structVersion?: number; bits?: number } = {},
): Buffer {
  const bits = options.bits ?? 69;
  const head = Buffer.from([0xb0, options.protocolVersion ?? 10, options.structVersion ?? 10, bits]);
  return ntcbPacket(
    SERVER_ID,
    DEVICE_ID,
    Buffer.concat([Buffer.from("*>FLEX", "latin1"), head, bitfieldOf(fields, bits)]),
  );
}

/** One record's values by field number; a field left out is written as zero. */
export type FlexValues = Partial<Record<number, number>>;

/** The values of a fix as the FLEX fields carry it (record index and event code given by the caller). */
export function flexValuesOfFix(fix: EncodableFix, index: number, eventCode: number): FlexValues {
  const seconds = Math.max(0, Math.round(fix.timeMs / 1000));
  return {
    1: index,
    2: eventCode,
    3: seconds,
    8: 0x01 | (fix.valid ? 0x02 : 0) | (Math.min(63, Math.max(0, fix.satellites)) << 2),
    9: seconds,
    10: Math.round(fix.lat * MINUTE_UNITS),
    11: Math.round(fix.lng * MINUTE_UNITS),
    12: Math.round(fix.altitude * 10),
    13: Math.max(0, fix.speedKmh),
    14: Math.round(((fix.course % 360) + 360) % 360) % 360,
    19: 12_400,
  };
}

const FLOATS = new Set([13, 15, 16, 54, 57]);

export function encodeFlexRecord(fields: number[], values: FlexValues): Buffer {
  const parts = fields.map((n) => {
    const size = fieldBytes(n);
    if (size === null) throw new Error(`FLEX field ${n} has no known size`);
    const b = Buffer.alloc(size);
    const v = values[n] ?? 0;
    if (FLOATS.has(n)) b.writeFloatLE(v, 0);
    else if (size === 4) b.writeInt32LE(v | 0, 0);
    else if (size === 2) b.writeUInt16LE(v & 0xffff, 0);
    else b.writeUInt8(v & 0xff, 0);
    return b;
  });
  return Buffer.concat(parts);
}

/** `~A`: archive records. */
export function encodeNavtelecomArray(fields: number[], records: FlexValues[]): Buffer {
  const head = Buffer.from([0x7e, 0x41, records.length]);
  return flexMessage(Buffer.concat([head, ...records.map((v) => encodeFlexRecord(fields, v))]));
}

/** `~T`: one out-of-turn record with its event index. */
export function encodeNavtelecomEvent(fields: number[], eventIndex: number, values: FlexValues): Buffer {
  const head = Buffer.alloc(6);
  head.write("~T", 0, "latin1");
  head.writeUInt32LE(eventIndex >>> 0, 2);
  return flexMessage(Buffer.concat([head, encodeFlexRecord(fields, values)]));
}

/** `~C`: the current state. */
export function encodeNavtelecomCurrent(fields: number[], values: FlexValues): Buffer {
  return flexMessage(Buffer.concat([Buffer.from("~C", "latin1"), encodeFlexRecord(fields, values)]));
}
