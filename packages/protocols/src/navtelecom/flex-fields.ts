import { DecodeError } from "../shared/reader.ts";

/**
 * Sizes in bytes of the FLEX record fields 1-69 (the FLEX 1.0 structure), from the vendor's telemetry record
 * table. Fields past 69 are not listed: their sizes were not confirmed, and FLEX messages carry no lengths, so a
 * layout naming one of them cannot be read at all (the server answers it with the 1.0 structure instead).
 */
const FIELD_BYTES: readonly number[] = [
  // 1 record index, 2 event code, 3 event time, 4 device status, 5-6 module status, 7 GSM level, 8 GNSS state
  4, 2, 4, 1, 1, 1, 1, 1,
  // 9 time of the last valid fix, 10 latitude, 11 longitude, 12 altitude, 13 speed, 14 course, 15 mileage
  4, 4, 4, 4, 4, 2, 4,
  // 16 last leg, 17-18 seconds on the leg, 19 main supply mV, 20 backup supply mV, 21-28 analog inputs mV
  4, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  // 29-30 digital inputs, 31-32 outputs, 33-34 pulse counters, 35-36 fuel frequency, 37 engine hours
  1, 1, 1, 1, 4, 4, 2, 2, 4,
  // 38-44 RS-485/RS-232 fuel levels, 45-52 temperatures
  2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1,
  // 53-69 CAN: fuel level, fuel used, rpm, coolant, mileage, axle loads 1-5, pedals, load, DEF, hours, service, speed
  2,
  4, 2, 1, 4, 2, 2, 2, 2, 2, 1, 1, 1, 2, 4, 2, 1,
];

/** The highest FLEX field number whose size is known. */
export const KNOWN_FIELDS = FIELD_BYTES.length;

/** The record layout a device negotiated: the fields it sends, in field-number order, and one record's size. */
export interface FlexLayout {
  fields: number[];
  recordBytes: number;
}

/** Size of field `n` (1-based), or null when the table does not give it. */
export function fieldBytes(n: number): number | null {
  return n >= 1 && n <= KNOWN_FIELDS ? (FIELD_BYTES[n - 1] ?? null) : null;
}

/** The fields a bitfield names: bit 7 of the first byte is field 1. Bits past `bits` are padding. */
export function fieldsOfBitfield(bitfield: Buffer, bits: number): number[] {
  if (bitfield.length * 8 < bits) throw new DecodeError("navtelecom: bitfield shorter than its size");
  const fields: number[] = [];
  for (let n = 1; n <= bits; n++) {
    const byte = bitfield[(n - 1) >> 3] ?? 0;
    if (byte & (0x80 >> ((n - 1) & 7))) fields.push(n);
  }
  return fields;
}

/** The layout of `fields`, or null when one of them has a size the table does not give. */
export function layoutOf(fields: number[]): FlexLayout | null {
  let recordBytes = 0;
  for (const n of fields) {
    const size = fieldBytes(n);
    if (size === null) return null;
    recordBytes += size;
  }
  return { fields, recordBytes };
}

/** The bitfield naming `fields` over `bits` bits (the device side of the negotiation). */
export function bitfieldOf(fields: number[], bits: number): Buffer {
  const out = Buffer.alloc(Math.ceil(bits / 8));
  for (const n of fields) out[(n - 1) >> 3]! |= 0x80 >> ((n - 1) & 7);
  return out;
}
