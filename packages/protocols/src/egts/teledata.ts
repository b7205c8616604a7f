import { DecodeError } from "../shared/reader.ts";
import type { Attributes, DecodedPosition, EncodableFix } from "../shared/types.ts";
import type { EgtsSubrecord } from "./frame.ts";

/**
 * The teledata service's subrecords this decoder reads, little-endian:
 *   16 position: NTM u32 (seconds since 2010-01-01 UTC), LAT u32 and LONG u32 (|degrees| / 90 resp. / 180 ×
 *      0xFFFFFFFF), FLG u8 (bit 0 valid, bit 3 sent from the black box, bit 4 moving, bit 5 south, bit 6 west,
 *      bit 7 altitude present), SPD u16 (bits 0-13 speed in 0.1 km/h, bit 14 altitude below sea level, bit 15 the
 *      direction's ninth bit), DIR u8 (direction's low 8 bits), ODM u24 (0.1 km), DIN u8 (digital inputs), SRC u8
 *      (what made the device write the record), [ALT u24 metres], [source data]
 *   17 extended position: flags u8 (bit 0 VDOP, 1 HDOP, 2 PDOP, 3 satellites, 4 navigation systems present), then
 *      those present in that order: VDOP u16, HDOP u16, PDOP u16 (× 0.1), satellites u8, systems u16
 *   18 sensors: DIOE u8 (which extra input bytes follow), DOUT u8 (outputs), ASFE u8 (which analog inputs follow),
 *      the input bytes, then the analog values u24 each
 *   21 state: state u8, main power u8, backup battery u8, internal battery u8 (× 0.1 V), flags u8
 *   24 one analog sensor: number u8, value u24
 * Other subrecords (counters, loop inputs, fuel level, passenger counters…) are stepped over by their length.
 */

export const SR_POS_DATA = 16;
export const SR_EXT_POS_DATA = 17;
const SR_AD_SENSORS = 18;
const SR_STATE_DATA = 21;
const SR_ABS_AN_SENS = 24;
/** 2010-01-01T00:00:00Z, the epoch of EGTS times. */
export const EGTS_EPOCH_MS = Date.UTC(2010, 0, 1);
const POS_BYTES = 21;
const FULL = 0xffffffff;

const u24 = (b: Buffer, at: number): number => b.readUIntLE(at, 3);

function readPosition(data: Buffer): DecodedPosition {
  if (data.length < POS_BYTES) throw new DecodeError(`egts: position subrecord of ${data.length} bytes`);
  const flags = data.readUInt8(12);
  const speed = data.readUInt16LE(13);
  const lat = ((data.readUInt32LE(4) * 90) / FULL) * (flags & 0x20 ? -1 : 1);
  const lng = ((data.readUInt32LE(8) * 180) / FULL) * (flags & 0x40 ? -1 : 1);
  const valid = (flags & 1) === 1;
  const attributes: Attributes = {
    odometer: u24(data, 16) * 100,
    input: data.readUInt8(19),
    reportSource: data.readUInt8(20),
    motion: (flags & 0x10) !== 0,
  };
  if (flags & 0x08) attributes.archive = true;
  const alt = flags & 0x80 && data.length >= POS_BYTES + 3 ? u24(data, 21) * (speed & 0x4000 ? -1 : 1) : 0;
  return {
    ts: EGTS_EPOCH_MS + data.readUInt32LE(0) * 1000,
    lat,
    lng,
    alt,
    spd: (speed & 0x3fff) / 10,
    course: (data.readUInt8(15) | ((speed >> 15) << 8)) % 360,
    satt: 0,
    valid,
    src: valid ? 1 : 2,
    attributes,
  };
}

/** The dilutions of the extended position, by flag bit. */
const DILUTIONS = ["vdop", "hdop", "pdop"] as const;

/** Extended position: satellites onto the position, dilutions as attributes. */
function readExtended(data: Buffer, position: DecodedPosition): void {
  if (data.length < 1) return;
  const flags = data.readUInt8(0);
  let at = 1;
  for (let bit = 0; bit < 3; bit++) {
    if (!(flags & (1 << bit))) continue;
    if (at + 2 > data.length) return;
    position.attributes[DILUTIONS[bit]!] = data.readUInt16LE(at) / 10;
    at += 2;
  }
  if (flags & 0x08 && at < data.length) position.satt = data.readUInt8(at);
}

function readSensors(data: Buffer, attributes: Attributes): void {
  if (data.length < 3) return;
  const extra = data.readUInt8(0);
  attributes.output = data.readUInt8(1);
  const analog = data.readUInt8(2);
  let at = 3;
  for (let bit = 0; bit < 8; bit++) if (extra & (1 << bit)) at++;
  for (let bit = 0; bit < 8; bit++) {
    if (!(analog & (1 << bit))) continue;
    if (at + 3 > data.length) return;
    attributes[`adc${bit + 1}`] = u24(data, at);
    at += 3;
  }
}

function readState(data: Buffer, attributes: Attributes): void {
  if (data.length < 5) return;
  attributes.status = data.readUInt8(0);
  attributes.power = data.readUInt8(1) / 10;
  attributes.battery = data.readUInt8(2) / 10;
}

/**
 * A teledata record's subrecords → its positions (one per position subrecord); the other subrecords of the record
 * add to every position of it.
 */
export function readTeledata(subrecords: EgtsSubrecord[]): DecodedPosition[] {
  const positions: DecodedPosition[] = [];
  for (const s of subrecords) if (s.type === SR_POS_DATA) positions.push(readPosition(s.data));
  for (const s of subrecords) {
    for (const p of positions) {
      if (s.type === SR_EXT_POS_DATA) readExtended(s.data, p);
      else if (s.type === SR_AD_SENSORS) readSensors(s.data, p.attributes);
      else if (s.type === SR_STATE_DATA) readState(s.data, p.attributes);
      else if (s.type === SR_ABS_AN_SENS && s.data.length >= 4)
        p.attributes[`adc${s.data.readUInt8(0)}`] = u24(s.data, 1);
    }
  }
  return positions;
}

// ---- Encoding (device side: simulator, tests) ----

/** A fix as a position subrecord (altitude included) and an extended one carrying the satellites. */
export function encodeTeledata(fix: EncodableFix, stored: boolean, odometerM = 0): EgtsSubrecord[] {
  const pos = Buffer.alloc(POS_BYTES + 3);
  pos.writeUInt32LE(Math.max(0, Math.round((fix.timeMs - EGTS_EPOCH_MS) / 1000)), 0);
  pos.writeUInt32LE(Math.round((Math.abs(fix.lat) / 90) * FULL), 4);
  pos.writeUInt32LE(Math.round((Math.abs(fix.lng) / 180) * FULL), 8);
  const moving = fix.speedKmh > 0;
  pos.writeUInt8(
    (fix.valid ? 1 : 0) |
      (stored ? 0x08 : 0) |
      (moving ? 0x10 : 0) |
      (fix.lat < 0 ? 0x20 : 0) |
      (fix.lng < 0 ? 0x40 : 0) |
      0x80,
    12,
  );
  const course = Math.round(((fix.course % 360) + 360) % 360) % 360;
  const speed = Math.min(0x3fff, Math.round(fix.speedKmh * 10));
  pos.writeUInt16LE(speed | (fix.altitude < 0 ? 0x4000 : 0) | ((course >> 8) << 15), 13);
  pos.writeUInt8(course & 0xff, 15);
  pos.writeUIntLE(Math.min(0xffffff, Math.round(odometerM / 100)), 16, 3);
  pos.writeUInt8(fix.ignition ? 1 : 0, 19);
  pos.writeUInt8(0, 20);
  pos.writeUIntLE(Math.min(0xffffff, Math.round(Math.abs(fix.altitude))), 21, 3);
  const ext = Buffer.from([0x08, Math.min(255, fix.satellites)]);
  return [
    { type: SR_POS_DATA, data: pos },
    { type: SR_EXT_POS_DATA, data: ext },
  ];
}
