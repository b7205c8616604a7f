/**
 * Indoor positioning from Bluetooth beacon sightings: pure, no I/O.
 *
 * Distance to a beacon comes from the log-distance path-loss model: RSSI = P - 10·N·log10(d), with P the
 * beacon's measured power (RSSI at 1 m) and N its environment constant (2 open space … 4 walls), so
 * d = 10^((P - RSSI) / (10·N)). The fix is the point minimising Σ wᵢ(|p - bᵢ| - dᵢ)², wᵢ = 1/dᵢ² (near beacons are
 * trusted more), solved by Gauss-Newton in a local east/north plane from the weighted centroid. One beacon: its
 * own position, with its range as the accuracy.
 */

import { BEACON_POWER_MAX, BEACON_POWER_MIN } from "./constants.ts";

/** Signal strengths outside -1 … -150 dBm are not beacon sightings. */
export const BLE_RSSI_MIN = BEACON_POWER_MIN;
export const BLE_RSSI_MAX = BEACON_POWER_MAX;
/** Strongest beacons the fix uses: more add noise more than information indoors. */
export const BLE_MAX_BEACONS = 4;
/** Accuracy is never claimed better than this (metres). */
export const BLE_MIN_ACCURACY_M = 1;

export interface BeaconSighting {
  /** The beacon's identifier as the device reports it (compared case-insensitively). */
  id: string;
  rssi: number;
}

export interface KnownBeacon {
  uuid: string;
  lat: number;
  lng: number;
  /** RSSI at 1 m, -1 … -150. */
  measuredPower: number;
  /** Path-loss constant N, 2 … 4. */
  n: number;
  indoorMapId: number | null;
  level: number;
}

export interface BleFix {
  lat: number;
  lng: number;
  /** Metres. */
  accuracy: number;
  indoorMapId: number | null;
  level: number;
  /** Beacons the fix used, strongest first. */
  used: string[];
}

/** Metres from the beacon, by the log-distance path-loss model. */
export function beaconDistanceM(rssi: number, measuredPower: number, n: number): number {
  return 10 ** ((measuredPower - rssi) / (10 * n));
}

const M_PER_DEG_LAT = 111_320;

interface Circle {
  x: number;
  y: number;
  d: number;
  w: number;
}

/** Gauss-Newton on Σ w(|p - c| - d)²; a handful of iterations converge for the few metres indoors. */
function leastSquares(circles: Circle[]): { x: number; y: number } {
  const total = circles.reduce((s, c) => s + c.w, 0);
  let x = circles.reduce((s, c) => s + c.w * c.x, 0) / total;
  let y = circles.reduce((s, c) => s + c.w * c.y, 0) / total;
  for (let iter = 0; iter < 50; iter++) {
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let b1 = 0;
    let b2 = 0;
    for (const c of circles) {
      const dx = x - c.x;
      const dy = y - c.y;
      const r = Math.hypot(dx, dy);
      if (r < 1e-9) continue;
      const jx = dx / r;
      const jy = dy / r;
      const res = r - c.d;
      a11 += c.w * jx * jx;
      a12 += c.w * jx * jy;
      a22 += c.w * jy * jy;
      b1 += c.w * jx * res;
      b2 += c.w * jy * res;
    }
    // Levenberg damping keeps the step defined when the beacons are collinear (two beacons: a line).
    const damp = 1e-6 + 1e-3 * (a11 + a22);
    a11 += damp;
    a22 += damp;
    const det = a11 * a22 - a12 * a12;
    if (Math.abs(det) < 1e-12) break;
    const sx = (a22 * b1 - a12 * b2) / det;
    const sy = (a11 * b2 - a12 * b1) / det;
    x -= sx;
    y -= sy;
    if (Math.hypot(sx, sy) < 1e-4) break;
  }
  return { x, y };
}

/**
 * The position the sightings give, or null when none is usable (unknown beacons, RSSI outside -1 … -150).
 * Only beacons of the strongest beacon's indoor map take part: a device hears one floor better than the others.
 */
export function blePosition(
  sightings: readonly BeaconSighting[],
  beacons: readonly KnownBeacon[],
): BleFix | null {
  const byId = new Map(beacons.map((b) => [b.uuid.toLowerCase(), b]));
  const strongest = new Map<string, { beacon: KnownBeacon; rssi: number }>();
  for (const s of sightings) {
    if (!Number.isFinite(s.rssi) || s.rssi < BLE_RSSI_MIN || s.rssi > BLE_RSSI_MAX) continue;
    const key = s.id.toLowerCase();
    const beacon = byId.get(key);
    if (!beacon) continue;
    const seen = strongest.get(key);
    if (!seen || s.rssi > seen.rssi) strongest.set(key, { beacon, rssi: s.rssi });
  }
  const heard = [...strongest.values()].sort((a, b) => b.rssi - a.rssi);
  const first = heard[0];
  if (!first) return null;
  const floor = heard
    .filter((h) => h.beacon.indoorMapId === first.beacon.indoorMapId && h.beacon.level === first.beacon.level)
    .slice(0, BLE_MAX_BEACONS);
  const base = { indoorMapId: first.beacon.indoorMapId, level: first.beacon.level };
  const ranges = floor.map((h) => beaconDistanceM(h.rssi, h.beacon.measuredPower, h.beacon.n));
  if (floor.length === 1) {
    return {
      ...base,
      lat: first.beacon.lat,
      lng: first.beacon.lng,
      accuracy: round1(Math.max(BLE_MIN_ACCURACY_M, ranges[0]!)),
      used: [first.beacon.uuid],
    };
  }
  const lat0 = floor.reduce((s, h) => s + h.beacon.lat, 0) / floor.length;
  const lng0 = floor.reduce((s, h) => s + h.beacon.lng, 0) / floor.length;
  const mPerDegLng = M_PER_DEG_LAT * Math.cos((lat0 * Math.PI) / 180);
  const circles: Circle[] = floor.map((h, i) => {
    const d = Math.max(0.1, ranges[i]!);
    return {
      x: (h.beacon.lng - lng0) * mPerDegLng,
      y: (h.beacon.lat - lat0) * M_PER_DEG_LAT,
      d,
      w: 1 / (d * d),
    };
  });
  const p = leastSquares(circles);
  const wTotal = circles.reduce((s, c) => s + c.w, 0);
  const rms = Math.sqrt(
    circles.reduce((s, c) => s + c.w * (Math.hypot(p.x - c.x, p.y - c.y) - c.d) ** 2, 0) / wTotal,
  );
  // With two beacons the fix lies on their line: the side is unknown, so the nearer range bounds the error.
  const spread = floor.length === 2 ? Math.min(...circles.map((c) => c.d)) : 0;
  return {
    ...base,
    lat: round7(lat0 + p.y / M_PER_DEG_LAT),
    lng: round7(lng0 + p.x / mPerDegLng),
    accuracy: round1(Math.max(BLE_MIN_ACCURACY_M, rms + spread)),
    used: floor.map((h) => h.beacon.uuid),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round7 = (n: number) => Math.round(n * 1e7) / 1e7;
