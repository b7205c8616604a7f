import { bcdTime } from "../shared/bcd.ts";
import { DecodeError, Reader } from "../shared/reader.ts";
import type { Attributes, DecodedPosition, EncodableFix } from "../shared/types.ts";

/**
 * The JT/T 808 location information (message 0x0200, and each item of a 0x0704 batch), big-endian:
 *   alarm flags u32, status u32, latitude u32, longitude u32 (1e-6°; status bit 2 south, bit 3 west), altitude
 *   u16 (m), speed u16 (0.1 km/h), direction u16 (0-359°), time yymmddhhmmss BCD in Beijing time (UTC+8),
 *   then additional items: id u8, length u8, value.
 * Status: bit 0 ACC on (`ignition`), bit 1 positioned (the fix is valid). Alarm bits mapped to events: 0 emergency
 * `sos`, 1 `overspeed`, 7 main power under-voltage `lowBattery`, 8 main power off `powerCut`, 29 collision
 * `crash`; the word is kept as `alarm`. Items read: 0x01 mileage (0.1 km → `odometer` m), 0x02 fuel (0.1 L →
 * `fuel`), 0x25 extended vehicle signals (`signals`), 0x2A IO status (`io`), 0x30 network signal (`rssi`), 0x31
 * GNSS satellites (the position's `satt`); the others (many vendors' own) are skipped by their length.
 */

const BEIJING_MS = 8 * 3_600_000;
const LOCATION_BYTES = 28;

const EVENTS: [bit: number, event: string][] = [
  [0, "sos"],
  [1, "overspeed"],
  [7, "lowBattery"],
  [8, "powerCut"],
  [29, "crash"],
];

function readTime(r: Reader): number {
  const time = bcdTime(r.bytes(6));
  if (time === null) throw new DecodeError("bad time");
  const [y, mo, d, h, mi, s] = time;
  const ts = Date.UTC(2000 + y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 31 February over: a date that does not exist is corrupt.
  if (mo < 1 || mo > 12 || new Date(ts).getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    throw new DecodeError("bad time");
  return ts - BEIJING_MS;
}

function readItems(r: Reader, attributes: Attributes): number | null {
  let satt: number | null = null;
  while (r.remaining >= 2) {
    const id = r.u8();
    const value = r.bytes(r.u8());
    if (id === 0x01 && value.length === 4) attributes.odometer = value.readUInt32BE(0) * 100;
    else if (id === 0x02 && value.length === 2) attributes.fuel = value.readUInt16BE(0) / 10;
    else if (id === 0x25 && value.length === 4) attributes.signals = value.readUInt32BE(0);
    else if (id === 0x2a && value.length === 2) attributes.io = value.readUInt16BE(0);
    else if (id === 0x30 && value.length === 1) attributes.rssi = value.readUInt8(0);
    else if (id === 0x31 && value.length === 1) satt = value.readUInt8(0);
  }
  // A last lone byte is padding some terminals add; more than that would have been an item.
  return satt;
}

/** One location information block → a position; `archive` for a batch's blind-area (stored) records. */
export function readJt808Location(block: Buffer, archive: boolean): DecodedPosition {
  if (block.length < LOCATION_BYTES) throw new DecodeError("location too short");
  const r = new Reader(block);
  const alarm = r.u32();
  const status = r.u32();
  const latRaw = r.u32() / 1e6;
  const lngRaw = r.u32() / 1e6;
  const alt = r.u16();
  const spd = r.u16() / 10;
  const course = r.u16() % 360;
  const ts = readTime(r);
  if (latRaw > 90 || lngRaw > 180) throw new DecodeError("coordinate out of range");
  const lat = status & 0x04 ? -latRaw : latRaw;
  const lng = status & 0x08 ? -lngRaw : lngRaw;
  const attributes: Attributes = { ignition: (status & 0x01) !== 0 };
  if (archive) attributes.archive = true;
  if (alarm !== 0) {
    attributes.alarm = alarm;
    const hit = EVENTS.find(([bit]) => (alarm & (2 ** bit)) !== 0);
    if (hit) attributes.event = hit[1];
  }
  const satt = readItems(r, attributes);
  const valid = (status & 0x02) !== 0 && !(lat === 0 && lng === 0);
  return { ts, lat, lng, alt, spd, course, satt: satt ?? 0, valid, src: valid ? 1 : 2, attributes };
}

/** The BCD time in Beijing time, as a terminal writes it. */
function timeBcd(ms: number): Buffer {
  const d = new Date(ms + BEIJING_MS);
  const parts = [
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
  return Buffer.from(parts.map((p) => String(p).padStart(2, "0")).join(""), "hex");
}

/** A location information block as a terminal writes it (device side: simulator, tests), mileage item included. */
export function encodeJt808LocationBlock(fix: EncodableFix, alarm = 0, odometerM = 0): Buffer {
  const out = Buffer.alloc(LOCATION_BYTES);
  out.writeUInt32BE(alarm >>> 0, 0);
  const status =
    (fix.ignition ? 0x01 : 0) | (fix.valid ? 0x02 : 0) | (fix.lat < 0 ? 0x04 : 0) | (fix.lng < 0 ? 0x08 : 0);
  out.writeUInt32BE(status, 4);
  out.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1e6), 8);
  out.writeUInt32BE(Math.round(Math.abs(fix.lng) * 1e6), 12);
  out.writeUInt16BE(Math.max(0, Math.min(0xffff, Math.round(fix.altitude))), 16);
  out.writeUInt16BE(Math.min(0xffff, Math.round(fix.speedKmh * 10)), 18);
  out.writeUInt16BE(Math.round(fix.course) % 360, 20);
  timeBcd(fix.timeMs).copy(out, 22);
  const items = Buffer.alloc(9);
  items.writeUInt8(0x01, 0);
  items.writeUInt8(4, 1);
  items.writeUInt32BE(Math.round(odometerM / 100), 2);
  items.writeUInt8(0x31, 6);
  items.writeUInt8(1, 7);
  items.writeUInt8(Math.min(255, fix.satellites), 8);
  return Buffer.concat([out, items]);
}
