import { DecodeError, Reader } from "../shared/reader.ts";
import type { Attributes, CellTower, DecodedPosition } from "../shared/types.ts";

/**
 * Meitrack CCC: the binary history ("GPRS cache") frames of the MVT/T1/T3xx firmware (Meitrack GPRS protocol,
 * command CCC "get binary GPRS cache data"), inside the usual text envelope:
 *   $$<identifier><length>,<imei>,CCC,<binary data>*<checksum>\r\n
 * The binary data, little-endian: protocol version u16, remaining cache records u32, packets in this frame u16,
 * then 52-byte records:
 *   event u8 · latitude i32 ×1e-6 · longitude i32 ×1e-6 · time u32 s since 2000-01-01 UTC · fix u8 (1 valid) ·
 *   satellites u8 · GSM signal u8 · speed u16 km/h · course u16 ° · HDOP u16 ×0.1 · altitude u16 m ·
 *   mileage u32 m · run time u32 s · MCC u16 · MNC u16 · LAC u16 · cell id u16 · I/O status u16 ·
 *   analog input 1 u16 · battery u16 ×0.01 V · external power u16 ×0.01 V · geofence u32
 * Records are read by size: the data after the 8-byte head must be whole records (firmware differs on whether
 * the packet count or the remaining count comes first; both fit the same 8 bytes, so neither is trusted for
 * framing). The server answers `@@<identifier><length>,<imei>,CCC,<records received>*<checksum>\r\n`, which both
 * confirms them (the device deletes them) and asks for the next ones.
 */

export const CCC_RECORD_BYTES = 52;
const CCC_HEAD_BYTES = 8;
/** 2000-01-01T00:00:00Z, the epoch of the record time. */
const EPOCH_2000_MS = Date.UTC(2000, 0, 1);

export interface CccRecord {
  position: DecodedPosition;
  /** The serving cell the record carries (MCC/MNC/LAC/cell id), null when all zero. */
  cell: CellTower | null;
  event: number;
}

/** Reads a CCC frame's binary data (between `CCC,` and `*`). Throws DecodeError on a malformed one. */
export function readCccData(
  data: Buffer,
  eventOf: (code: number, attributes: Attributes) => void,
): {
  records: CccRecord[];
  remaining: number;
} {
  if (data.length < CCC_HEAD_BYTES) throw new DecodeError("CCC: data too short");
  const body = data.length - CCC_HEAD_BYTES;
  if (body % CCC_RECORD_BYTES !== 0) throw new DecodeError("CCC: data is not whole records");
  const r = new Reader(data);
  r.u16le(); // protocol version
  const remaining = r.u32le();
  r.u16le(); // packets in this frame
  const records: CccRecord[] = [];
  for (let i = 0; i < body / CCC_RECORD_BYTES; i++) {
    const event = r.u8();
    const lat = r.i32le() / 1e6;
    const lng = r.i32le() / 1e6;
    const ts = EPOCH_2000_MS + r.u32le() * 1000;
    const valid = r.u8() === 1;
    const satt = r.u8();
    const rssi = r.u8();
    const spd = r.u16le();
    const course = r.u16le();
    const hdop = r.u16le() / 10;
    const alt = r.u16le();
    const odometer = r.u32le();
    const hours = r.u32le();
    const [mcc, mnc, lac, cid] = [r.u16le(), r.u16le(), r.u16le(), r.u16le()];
    const io = r.u16le();
    const adc1 = r.u16le();
    const battery = r.u16le() / 100;
    const power = r.u16le() / 100;
    r.u32le(); // geofence
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new DecodeError("CCC: coordinates out of range");
    if (course > 360) throw new DecodeError("CCC: bad course");
    const attributes: Attributes = { hdop, rssi, odometer, hours, io, adc1, battery, power, archive: true };
    eventOf(event, attributes);
    records.push({
      event,
      position: {
        ts,
        lat,
        lng,
        alt,
        spd,
        course: course % 360,
        satt,
        valid: valid && !(lat === 0 && lng === 0),
        src: valid ? 1 : 2,
        attributes,
      },
      cell: mcc === 0 && mnc === 0 && lac === 0 && cid === 0 ? null : { mcc, mnc, lac, cid, rssi },
    });
  }
  return { records, remaining };
}

/** A CCC history record as a device stores it, for the simulator and the tests. */
export interface CccFix {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  event?: number;
  odometerM?: number;
  batteryV?: number;
  powerV?: number;
}

/** The binary data of a CCC frame: the 8-byte head, then one 52-byte record per fix. */
export function cccData(fixes: CccFix[], remaining: number): Buffer {
  const out = Buffer.alloc(CCC_HEAD_BYTES + fixes.length * CCC_RECORD_BYTES);
  out.writeUInt16LE(1, 0);
  out.writeUInt32LE(remaining, 2);
  out.writeUInt16LE(fixes.length, 6);
  fixes.forEach((f, i) => {
    let at = CCC_HEAD_BYTES + i * CCC_RECORD_BYTES;
    const put = (bytes: number, v: number, signed = false) => {
      if (bytes === 1) out.writeUInt8(v, at);
      else if (bytes === 2) out.writeUInt16LE(v, at);
      else if (signed) out.writeInt32LE(v, at);
      else out.writeUInt32LE(v, at);
      at += bytes;
    };
    put(1, f.event ?? 35);
    put(4, Math.round(f.lat * 1e6), true);
    put(4, Math.round(f.lng * 1e6), true);
    put(4, Math.round((f.timeMs - EPOCH_2000_MS) / 1000));
    put(1, f.valid ? 1 : 0);
    put(1, f.satellites);
    put(1, 20);
    put(2, Math.round(f.speedKmh));
    put(2, Math.round(f.course) % 360);
    put(2, 9);
    put(2, Math.max(0, Math.round(f.altitude)));
    put(4, Math.round(f.odometerM ?? 0));
    put(4, 0);
    for (const v of [214, 7, 0x2b0b, 0x5e6f]) put(2, v);
    put(2, 0x0400);
    put(2, 0);
    put(2, Math.round((f.batteryV ?? 4.1) * 100));
    put(2, Math.round((f.powerV ?? 12.6) * 100));
    put(4, 0);
  });
  return out;
}
