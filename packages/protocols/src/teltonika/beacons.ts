import type { BeaconSeen } from "../shared/types.ts";

/**
 * Teltonika BLE beacon sightings: the Codec 8 Extended variable-length element AVL ID 385 "Beacon" (FMB/FMC
 * "Beacon list"), in the sightings shape the OsmAnd/JSON beacon lists give (`BeaconSeen`), so both feed the same
 * indoor positioning.
 *
 * Layout: one byte "data part" (high nibble the part, low nibble the parts: 0x11 is part 1 of 1), then per
 * beacon a flags byte and its fields:
 *   bit 0  RSSI present (1 signed byte, dBm, after the identifier)
 *   bit 1  battery voltage present (2 bytes, mV, after the RSSI)
 *   bit 2  temperature present (2 bytes, signed, after the battery)
 *   bit 5  iBeacon: UUID (16) + major (2) + minor (2); clear: Eddystone-UID: namespace (10) + instance (6)
 * Identifiers are written the way beacons are registered: iBeacon "uuid:major:minor" with the UUID in its
 * dashed lower-case form, Eddystone "namespace:instance" in lower-case hex.
 */

export const TELTONIKA_BEACON_IO = 385;
/** Sightings kept from one element: far more than a device lists, and bounded against hostile frames. */
export const MAX_TELTONIKA_BEACONS = 32;

const FLAG_RSSI = 0x01;
const FLAG_BATTERY = 0x02;
const FLAG_TEMPERATURE = 0x04;
const FLAG_IBEACON = 0x20;
/** The bits this layout knows; a flags byte with others set is not something we can walk past safely. */
const KNOWN_FLAGS = FLAG_RSSI | FLAG_BATTERY | FLAG_TEMPERATURE | FLAG_IBEACON;

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function uuidText(b: Uint8Array): string {
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The sightings of one AVL 385 element. Never throws: a truncated entry, an unknown flags byte or an RSSI outside
 * -1 … -150 ends or skips what cannot be read, keeping the sightings before it.
 */
export function decodeTeltonikaBeacons(data: Uint8Array): BeaconSeen[] {
  const out: BeaconSeen[] = [];
  let o = 1; // the data-part byte
  while (o < data.length && out.length < MAX_TELTONIKA_BEACONS) {
    const flags = data[o]!;
    if ((flags & ~KNOWN_FLAGS) !== 0) break;
    const idLen = flags & FLAG_IBEACON ? 20 : 16;
    const size =
      1 +
      idLen +
      (flags & FLAG_RSSI ? 1 : 0) +
      (flags & FLAG_BATTERY ? 2 : 0) +
      (flags & FLAG_TEMPERATURE ? 2 : 0);
    if (o + size > data.length) break;
    const idBytes = data.subarray(o + 1, o + 1 + idLen);
    const id =
      flags & FLAG_IBEACON
        ? `${uuidText(idBytes.subarray(0, 16))}:${(idBytes[16]! << 8) | idBytes[17]!}:${(idBytes[18]! << 8) | idBytes[19]!}`
        : `${hex(idBytes.subarray(0, 10))}:${hex(idBytes.subarray(10, 16))}`;
    o += size;
    // A sighting without a signal strength cannot be ranged: it is not a sighting for positioning.
    if (!(flags & FLAG_RSSI)) continue;
    const raw = data[o - size + 1 + idLen]!;
    const rssi = raw > 127 ? raw - 256 : raw;
    if (rssi <= -1 && rssi >= -150) out.push({ id, rssi });
  }
  return out;
}

const IBEACON_ID =
  /^([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12}):(\d{1,5}):(\d{1,5})$/i;
const EDDYSTONE_ID = /^([0-9a-f]{20}):([0-9a-f]{12})$/i;

/**
 * The AVL 385 element for sightings (the simulator's and the tests' devices), one part of one. Identifiers that
 * are neither iBeacon nor Eddystone-UID cannot be carried by this element and are left out.
 */
export function encodeTeltonikaBeacons(sightings: readonly BeaconSeen[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from([0x11])];
  for (const s of sightings.slice(0, MAX_TELTONIKA_BEACONS)) {
    const rssi = Math.max(-128, Math.min(-1, Math.round(s.rssi)));
    const ib = IBEACON_ID.exec(s.id);
    if (ib) {
      const major = Number(ib[6]);
      const minor = Number(ib[7]);
      if (major > 0xffff || minor > 0xffff) continue;
      const entry = Buffer.alloc(22);
      entry[0] = FLAG_IBEACON | FLAG_RSSI;
      Buffer.from(ib.slice(1, 6).join(""), "hex").copy(entry, 1);
      entry.writeUInt16BE(major, 17);
      entry.writeUInt16BE(minor, 19);
      entry.writeInt8(rssi, 21);
      parts.push(entry);
      continue;
    }
    const ed = EDDYSTONE_ID.exec(s.id);
    if (ed) {
      const entry = Buffer.alloc(18);
      entry[0] = FLAG_RSSI;
      Buffer.from(ed[1]! + ed[2]!, "hex").copy(entry, 1);
      entry.writeInt8(rssi, 17);
      parts.push(entry);
    }
  }
  return new Uint8Array(Buffer.concat(parts));
}
