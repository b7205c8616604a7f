/**
 * geozones: point-in-zone checks per second against 10,000 zones (half circles up to 30 km, half polygons of
 * 8-40 vertices) spread over Iberia, through ZoneIndex and, as the reference, a naive loop over every zone.
 * Prints one JSON line.
 */
import { type LatLng, pointInZone, type Zone, ZoneIndex } from "../packages/server/src/places/geometry.ts";

const ZONES = Number(process.env.BENCH_GEOZONES_ZONES ?? 10_000);
const POINTS = Number(process.env.BENCH_GEOZONES_POINTS ?? 200_000);
const NAIVE_POINTS = Number(process.env.BENCH_GEOZONES_NAIVE_POINTS ?? 200);

let seed = 12345;
const rnd = (): number => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const where = (): LatLng => ({ lat: 36 + rnd() * 7.5, lng: -9.5 + rnd() * 13 });

const zones: Zone[] = [];
for (let id = 1; id <= ZONES; id++) {
  const c = where();
  if (id % 2 === 0) {
    zones.push({ id, kind: "circle", center: c, radiusM: 20 + rnd() ** 3 * 30_000 });
    continue;
  }
  // A star-free blob: vertices at increasing angles, random radii up to ~5 km.
  const n = 8 + Math.floor(rnd() * 33);
  const ring: LatLng[] = [];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n;
    const r = (0.3 + rnd() * 0.7) * 0.045;
    ring.push({
      lat: c.lat + r * Math.sin(a),
      lng: c.lng + (r * Math.cos(a)) / Math.cos((c.lat * Math.PI) / 180),
    });
  }
  zones.push({ id, kind: "polygon", ring });
}
const points = Array.from({ length: POINTS }, where);

const t0 = performance.now();
const index = new ZoneIndex(zones);
const buildMs = performance.now() - t0;

let hits = 0;
const t1 = performance.now();
for (const p of points) hits += index.containing(p).length;
const indexedS = (performance.now() - t1) / 1000;

// The naive loop re-prepares nothing extra per zone beyond what pointInZone does; it is the honest baseline.
let naiveHits = 0;
const t2 = performance.now();
for (let i = 0; i < NAIVE_POINTS; i++) {
  const p = points[i] as LatLng;
  for (const z of zones) if (pointInZone(p, z)) naiveHits++;
}
const naiveS = (performance.now() - t2) / 1000;
let indexedSample = 0;
for (let i = 0; i < NAIVE_POINTS; i++) indexedSample += index.containing(points[i] as LatLng).length;
if (indexedSample !== naiveHits)
  throw new Error(`index and naive disagree: ${indexedSample} vs ${naiveHits}`);

// Bounding-box prefilter over every zone (one grid cell holding all zones): what an index buys over a plain scan.
const scan = new ZoneIndex(zones, { cellDeg: 360 });
const t3 = performance.now();
for (let i = 0; i < NAIVE_POINTS * 10; i++) scan.containing(points[i] as LatLng);
const scanS = (performance.now() - t3) / 1000;

const round = (v: number): number => Math.round(v);
console.log(
  JSON.stringify({
    bench: "geozones",
    zones: ZONES,
    points: POINTS,
    buildMs: Math.round(buildMs * 10) / 10,
    indexedChecksPerSec: round(POINTS / indexedS),
    naiveChecksPerSec: round(NAIVE_POINTS / naiveS),
    bboxScanChecksPerSec: round((NAIVE_POINTS * 10) / scanS),
    speedup: round(POINTS / indexedS / (NAIVE_POINTS / naiveS)),
    meanZonesPerPoint: Math.round((hits / POINTS) * 100) / 100,
  }),
);
