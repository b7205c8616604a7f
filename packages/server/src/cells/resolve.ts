/**
 * Turns the cell towers and Wi-Fi access points a frame carries into a position, from what is known about them
 * (the local tables or an online service). Pure: the caller looks the towers and APs up first.
 *
 * The result is a cell (src 3) or Wi-Fi (src 4) position with an accuracy radius in metres, never a GPS fix.
 * Several known towers or APs give a centroid weighted by signal; the accuracy is the larger of the weighted
 * mean of their ranges and their spread around the centroid, so a wide spread never claims a tight circle.
 */

import { distanceM } from "@vigia/domain";

export interface SeenCell {
  mcc: number;
  mnc: number;
  /** LAC, or TAC on LTE. */
  lac: number;
  cid: number;
  /** dBm when negative; the device's own scale (0-100, bars) when positive; null when absent. */
  rssi: number | null;
}

export interface SeenAp {
  /** Lower-case `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  rssi: number | null;
}

/** What a table knows about one tower or AP: where it is and how far it reaches (metres). */
export interface KnownPlace {
  lat: number;
  lng: number;
  range: number;
}

export interface Located {
  lat: number;
  lng: number;
  /** Radius in metres the device is taken to be within. */
  accuracy: number;
  src: 3 | 4;
  /** How many towers or APs the position was computed from. */
  used: number;
}

export interface KnownLookup {
  cells: ReadonlyMap<string, KnownPlace>;
  wifi: ReadonlyMap<string, KnownPlace>;
}

/** Wi-Fi wins over cells from this many known APs: one AP alone may have moved (a phone hotspot, a bus). */
export const MIN_WIFI_APS = 2;
/** Range assumed when a table gives none. */
export const DEFAULT_CELL_RANGE = 1000;
export const DEFAULT_WIFI_RANGE = 100;

export const cellKey = (c: Pick<SeenCell, "mcc" | "mnc" | "lac" | "cid">): string =>
  `${c.mcc}:${c.mnc}:${c.lac}:${c.cid}`;

/** Whether a reported tower can name a real cell (zeros and the all-ones filler of absent neighbours cannot). */
export function usableCell(c: SeenCell): boolean {
  return (
    [c.mcc, c.mnc, c.lac, c.cid].every((n) => Number.isInteger(n) && n >= 0) &&
    c.mcc > 0 &&
    c.mcc < 1000 &&
    c.cid > 0 &&
    c.cid !== 0xffff &&
    c.cid !== 0xffffffff
  );
}

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
/** A usable AP: a well-formed MAC, not broadcast or zero. */
export function usableAp(ap: SeenAp): boolean {
  return MAC.test(ap.mac) && ap.mac !== "00:00:00:00:00:00" && ap.mac !== "ff:ff:ff:ff:ff:ff";
}

/**
 * A signal as a weight: dBm as relative amplitude (every 20 dB a factor of ten), a positive device scale as is,
 * absent as the weight of a middling signal. Only ratios matter.
 */
export function signalWeight(rssi: number | null): number {
  if (rssi === null || !Number.isFinite(rssi)) return 1;
  if (rssi < 0) return 10 ** ((Math.max(-130, Math.min(-20, rssi)) + 90) / 20);
  return 0.1 + Math.min(rssi, 100) / 10;
}

interface Weighted extends KnownPlace {
  weight: number;
}

/** Weighted centroid and its accuracy; the places are close (a cell's reach), so plain averaging of degrees is fine. */
export function centroid(places: readonly Weighted[], src: 3 | 4): Located {
  let total = 0;
  let lat = 0;
  let lng = 0;
  let range = 0;
  for (const p of places) {
    total += p.weight;
    lat += p.lat * p.weight;
    lng += p.lng * p.weight;
    range += p.range * p.weight;
  }
  const centre = { lat: lat / total, lng: lng / total };
  let spread = 0;
  for (const p of places) spread = Math.max(spread, distanceM(centre, p));
  const accuracy = Math.max(1, Math.round(Math.max(range / total, spread)));
  return { ...centre, accuracy, src, used: places.length };
}

const rangeOr = (range: number, fallback: number): number =>
  Number.isFinite(range) && range > 0 ? range : fallback;

/** The position the known towers and APs give, or null when none of them is known. */
export function resolveLocation(
  seen: { cells: readonly SeenCell[]; wifi: readonly SeenAp[] },
  known: KnownLookup,
): Located | null {
  const aps: Weighted[] = [];
  const macs = new Set<string>();
  for (const ap of seen.wifi) {
    if (!usableAp(ap) || macs.has(ap.mac)) continue;
    macs.add(ap.mac);
    const place = known.wifi.get(ap.mac);
    if (place)
      aps.push({ ...place, range: rangeOr(place.range, DEFAULT_WIFI_RANGE), weight: signalWeight(ap.rssi) });
  }
  if (aps.length >= MIN_WIFI_APS) return centroid(aps, 4);
  const cells: Weighted[] = [];
  const keys = new Set<string>();
  for (const cell of seen.cells) {
    if (!usableCell(cell)) continue;
    const key = cellKey(cell);
    if (keys.has(key)) continue;
    keys.add(key);
    const place = known.cells.get(key);
    if (place)
      cells.push({
        ...place,
        range: rangeOr(place.range, DEFAULT_CELL_RANGE),
        weight: signalWeight(cell.rssi),
      });
  }
  if (cells.length > 0) return centroid(cells, 3);
  // One known AP and no known tower: better than nothing, with the AP's range as its honest accuracy.
  if (aps.length > 0) return centroid(aps, 4);
  return null;
}
