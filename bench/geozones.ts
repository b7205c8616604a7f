/**
 * geozones: point-in-zone checks per second against 10,000 zones (half circles up to 30 km, half polygons of
 * 8-40 vertices) spread over Iberia, through ZoneIndex (packed R-tree, box prefilter, exact test). The reference is
 * what a database gives: a prepared bounding-box query (`box @> point` on a GiST index) in PGlite in the same run,
 * which returns candidates only (no exact test). A naive loop over every zone checks that the index is right.
 * Rates per wall second and per CPU second of this process (the steadier figure on a shared machine).
 * Prints one JSON line.
 */
import { PGlite } from "@electric-sql/pglite";
import { type LatLng, pointInZone, type Zone, ZoneIndex } from "../packages/server/src/places/geometry.ts";
import { cpuMsSince } from "./cpu.ts";

const ZONES = Number(process.env.BENCH_GEOZONES_ZONES ?? 10_000);
const POINTS = Number(process.env.BENCH_GEOZONES_POINTS ?? 200_000);
const DB_POINTS = Number(process.env.BENCH_GEOZONES_DB_POINTS ?? 5_000);
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
const cpu1 = process.cpuUsage();
const t1 = performance.now();
for (const p of points) hits += index.containing(p).length;
const indexedS = (performance.now() - t1) / 1000;
const indexedCpuS = cpuMsSince(cpu1) / 1000;

// Correctness: the index must agree with testing every zone.
let naiveHits = 0;
let indexedSample = 0;
for (let i = 0; i < NAIVE_POINTS; i++) {
  const p = points[i] as LatLng;
  for (const z of zones) if (pointInZone(p, z)) naiveHits++;
  indexedSample += index.containing(p).length;
}
if (indexedSample !== naiveHits)
  throw new Error(`index and naive disagree: ${indexedSample} vs ${naiveHits}`);

// The database reference: each zone's bounding box in a GiST-indexed table, one prepared query per point.
const db = new PGlite();
await db.exec("create table zone_boxes (id int primary key, b box not null)");
const boxes = zones.map((z) => {
  const lats = z.kind === "circle" ? [z.center.lat] : z.ring.map((p) => p.lat);
  const lngs = z.kind === "circle" ? [z.center.lng] : z.ring.map((p) => p.lng);
  const padLat = z.kind === "circle" ? z.radiusM / 111_320 : 0;
  const padLng = z.kind === "circle" ? padLat / Math.cos((z.center.lat * Math.PI) / 180) : 0;
  return `${z.id}\t(${Math.max(...lngs) + padLng},${Math.max(...lats) + padLat}),(${Math.min(...lngs) - padLng},${Math.min(...lats) - padLat})`;
});
await db.query("copy zone_boxes from '/dev/blob'", [], { blob: new Blob([`${boxes.join("\n")}\n`]) });
await db.exec("create index zone_boxes_b on zone_boxes using gist (b); analyze zone_boxes");
const sql = "select id from zone_boxes where b @> point($1, $2)";
let dbCandidates = 0;
const t2 = performance.now();
for (let i = 0; i < DB_POINTS; i++) {
  const p = points[i] as LatLng;
  dbCandidates += (await db.query(sql, [p.lng, p.lat])).rows.length;
}
const dbS = (performance.now() - t2) / 1000;
await db.close();

const round = (v: number): number => Math.round(v);
console.log(
  JSON.stringify({
    bench: "geozones",
    zones: ZONES,
    points: POINTS,
    buildMs: Math.round(buildMs * 10) / 10,
    indexedChecksPerSec: round(POINTS / indexedS),
    indexedChecksPerCpuSec: round(POINTS / indexedCpuS),
    dbBoxScanChecksPerSec: round(DB_POINTS / dbS),
    speedupOverDb: Math.round((POINTS / indexedS / (DB_POINTS / dbS)) * 10) / 10,
    meanZonesPerPoint: Math.round((hits / POINTS) * 100) / 100,
    meanDbCandidatesPerPoint: Math.round((dbCandidates / DB_POINTS) * 100) / 100,
    agreesWithNaiveOn: NAIVE_POINTS,
  }),
);
