/**
 * reports: the figures the reports stand on, one JSON line. Each section is one entry of SECTIONS (a name and an
 * async function returning its figures), run in order on one platform: add a section to extend the bench.
 *
 * - tripsStops: one vehicle at 1 Hz for BENCH_REPORTS_DAYS days (default: the shape, 30 days and 2.6M
 *   positions, on PostgreSQL; 7 days on PGlite, whose goal the issue does not set), stored in bulk, derived with the rebuild (positions/s), then the trips + stops of the whole period
 *   read through the derived read API (ms) against a raw scan of the same derived rows (ms) in the same run.
 *   Goal on PostgreSQL: < 1 s, ≤ 2× the raw scan.
 * - ingestCost: positions/s through the processor (commit → live state) without and with the derivation attached,
 *   same run, BENCH_COST_DEVICES devices × BENCH_COST_POSITIONS positions each in frames of 10, the median of
 *   BENCH_COST_ROUNDS alternating pairs of rounds after an uncounted warm-up; "with" waits until the derivation has
 *   stored everything too. derivedSharePct: the derivation's own wall time over the round's wall time.
 *   Goal: cost < 15 %.
 * - summary: the "summary per item" report over BENCH_SUMMARY_VEHICLES vehicles (default 500, the shape)
 *   × 31 days of daily aggregates, through the report engine (selection, limits, build), ms.
 *   Goal: < 2 s for 500 × 31.
 * - pdf: a BENCH_PDF_ROWS-row (default 10,000) trips-shaped result streamed to PDF and read to the end, ms, and the
 *   growth of the resident set while it streams, MB.
 *   Goal: < 5 s and < 150 MB.
 * PostgreSQL when DATABASE_URL is set, else PGlite (BENCH_PGLITE=memory: in memory).
 */
import { DAY_MS, type ReportResult, reportRequestSchema } from "@vigia/domain";
import {
  DerivedService,
  ensureDerivedPartition,
  rebuildDerived,
  stops,
  trips,
} from "../packages/server/src/derived/index.ts";
import { POSITION_JSON_INSERT, Processor } from "../packages/server/src/ingest/index.ts";
import { LiveState } from "../packages/server/src/live/index.ts";
import { prepareReport, resultFile, runReport } from "../packages/server/src/reports/index.ts";
import {
  type BenchDevice,
  benchScope,
  benchVehicles,
  createBenchFleet,
  round,
  startBenchPlatform,
} from "./support.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const databaseUrl = process.env.DATABASE_URL || null;
const DAYS = env("BENCH_REPORTS_DAYS", databaseUrl ? 30 : 7);
const COST_DEVICES = env("BENCH_COST_DEVICES", 20);
const COST_POSITIONS = env("BENCH_COST_POSITIONS", 3000);
const COST_ROUNDS = env("BENCH_COST_ROUNDS", 5);
const SUMMARY_VEHICLES = env("BENCH_SUMMARY_VEHICLES", 500);
const PDF_ROWS = env("BENCH_PDF_ROWS", 10_000);

type Platform = Awaited<ReturnType<typeof startBenchPlatform>>;
type Section = (platform: Platform) => Promise<Record<string, unknown>>;

/** A vehicle's day at 1 Hz: 40 min drives at ~50 km/h between 20 min stops (ignition off), all day long. */
function fixAt(s: number, start: number) {
  const cycle = s % 3600;
  const driving = cycle < 2400;
  const lap = Math.floor(s / 3600);
  const t = driving ? cycle : 2400;
  const angle = (t / 2400) * 2 * Math.PI;
  return {
    ts: start + s * 1000,
    lat: 40.4 + 0.05 * Math.sin(angle) + lap * 1e-5,
    lng: -3.7 + 0.05 * (1 - Math.cos(angle)),
    spd: driving ? 50 : 0,
    ignition: driving,
  };
}

const tripsStops: Section = async (platform) => {
  const db = platform.ctx.db;
  const devices: BenchDevice[] = [{ imei: "359000000000001", protocol: "teltonika", kind: "vehicle" }];
  const companyId = await createBenchFleet(db, devices);
  const [device] = await db.query<{ id: number; item_id: number }>(
    "select id, item_id from devices where company_id = $1",
    [companyId],
  );
  const start = Math.floor((Date.now() - (DAYS + 1) * DAY_MS) / DAY_MS) * DAY_MS;
  const total = DAYS * 86_400;
  for (let d = 0; d <= DAYS; d++)
    await platform.services.partitions.ensure(db, companyId, start + d * DAY_MS);
  const loadStarted = performance.now();
  const CHUNK = 20_000;
  for (let i = 0; i < total; i += CHUNK) {
    const rows = [];
    for (let s = i; s < Math.min(total, i + CHUNK); s++) {
      const f = fixAt(s, start);
      rows.push({
        c: companyId,
        d: device!.id,
        it: 1,
        ii: device!.item_id,
        ts: f.ts,
        rt: f.ts,
        lat: f.lat,
        lng: f.lng,
        alt: 600,
        spd: f.spd,
        co: 0,
        sa: 9,
        va: true,
        sr: 1,
        at: { ignition: f.ignition },
      });
    }
    await db.query(POSITION_JSON_INSERT, [JSON.stringify(rows)]);
  }
  const loadMs = performance.now() - loadStarted;
  const deriveStarted = performance.now();
  await rebuildDerived(platform.ctx, platform.services.partitions, {
    companyId,
    from: start,
    to: start + (DAYS + 1) * DAY_MS,
  });
  const deriveMs = performance.now() - deriveStarted;
  const range = { from: start, to: start + (DAYS + 1) * DAY_MS };
  const scope = benchScope(companyId);
  // Warm once, then time each way ten times, best of.
  const best = async (fn: () => Promise<unknown>) => {
    let ms = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 11; k++) {
      const t0 = performance.now();
      await fn();
      if (k > 0) ms = Math.min(ms, performance.now() - t0);
    }
    return ms;
  };
  let rows = 0;
  const reportMs = await best(async () => {
    const [t, s] = await Promise.all([trips(db, scope, range), stops(db, scope, range)]);
    rows = t.length + s.length;
  });
  const rawMs = await best(() =>
    Promise.all([
      db.query("select * from item_trips where company_id = $1 and start_ts >= $2 and start_ts < $3", [
        companyId,
        range.from,
        range.to,
      ]),
      db.query("select * from item_stops where company_id = $1 and start_ts >= $2 and start_ts < $3", [
        companyId,
        range.from,
        range.to,
      ]),
    ]),
  );
  return {
    days: DAYS,
    positions: total,
    loadMs: Math.round(loadMs),
    derivePositionsPerSec: Math.round(total / (deriveMs / 1000)),
    tripsAndStops: rows,
    reportMs: round(reportMs),
    rawScanMs: round(rawMs),
    reportOverRaw: round(reportMs / Math.max(rawMs, 0.001), 2),
  };
};

const ingestCost: Section = async (platform) => {
  const { ctx, services } = platform;
  const devices = benchVehicles(COST_DEVICES, "3580000");
  await createBenchFleet(ctx.db, devices);
  let offset = 0;
  // CPU time of the whole process (every thread, the database worker's too) in the last run: unlike wall time it
  // hardly moves with the load other processes put on a shared machine.
  let cpuMs = 0;
  let spent = { deriveMs: 0, writeMs: 0, seconds: 0, derived: 0, flushes: 0 };
  const run = async (derive: boolean) => {
    const live = new LiveState(ctx, services.registry);
    const derived = new DerivedService(ctx, services.partitions, services);
    if (derive) derived.attach(live);
    const processor = new Processor(ctx, services.registry, services.partitions, live);
    const base = Date.now() - DAY_MS + offset;
    offset += COST_POSITIONS * 1000 + 60_000;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      devices.map(async (d, i) => {
        for (let k = 0; k < COST_POSITIONS; k += 10) {
          const positions = Array.from({ length: 10 }, (_, r) => {
            const s = k + r;
            const f = fixAt(s * 10, base);
            return {
              ts: base + s * 1000,
              lat: f.lat + i * 0.01,
              lng: f.lng,
              alt: 600,
              spd: f.spd,
              course: 0,
              satt: 9,
              valid: true,
              src: 1 as const,
              attributes: { ignition: f.ignition },
            };
          });
          await processor.submit({ protocol: "teltonika", imei: d.imei, remote: "bench", positions });
        }
      }),
    );
    await processor.idle();
    await derived.idle();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    cpuMs = (cpu.user + cpu.system) / 1000;
    if (derived.stats.errors > 0) throw new Error("derivation failed during the bench");
    if (derive)
      spent = {
        deriveMs: derived.stats.deriveMs,
        writeMs: derived.stats.writeMs,
        seconds,
        derived: derived.stats.positions,
        flushes: derived.stats.flushes,
      };
    return (devices.length * COST_POSITIONS) / seconds;
  };
  // One round to warm the code paths and the partitions, not counted.
  await run(true);
  // Rounds alternate without / with, and the cost is the median of each round's pair: on a shared machine the
  // load drifts between rounds, and comparing neighbours (not the best of each side) keeps that drift out.
  const pairs: { without: number; with: number; cpuWithout: number; cpuWith: number }[] = [];
  for (let r = 0; r < COST_ROUNDS; r++) {
    const without = await run(false);
    const cpuWithout = cpuMs;
    const withDerived = await run(true);
    pairs.push({ without, with: withDerived, cpuWithout, cpuWith: cpuMs });
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return {
    positions: COST_DEVICES * COST_POSITIONS,
    rounds: COST_ROUNDS,
    withoutPerSec: Math.round(median(pairs.map((p) => p.without))),
    withPerSec: Math.round(median(pairs.map((p) => p.with))),
    costPct: round(median(pairs.map((p) => (1 - p.with / p.without) * 100))),
    costPctPerRound: pairs.map((p) => round((1 - p.with / p.without) * 100)),
    // The same comparison in CPU time per position (median of the pairs): the extra work ingest does with the
    // derivation attached, whatever else the machine runs.
    cpuCostPct: round(median(pairs.map((p) => (1 - p.cpuWithout / p.cpuWith) * 100))),
    // The physical side of the same run: the wall time the derivation itself spent (deriving, then storing,
    // waits on the database included, so an upper bound) over the wall time of that round.
    derivedSharePct: round(((spent.deriveMs + spent.writeMs) / (spent.seconds * 1000)) * 100),
    // Of the last round with derivation: wall ms in the derivation's own work (in memory, then storing).
    lastRound: {
      seconds: round(spent.seconds, 2),
      deriveMs: Math.round(spent.deriveMs),
      writeMs: Math.round(spent.writeMs),
      // Positions the derivation took in (all of them, or the figures above measure nothing) and its flushes.
      derivedPositions: spent.derived,
      flushes: spent.flushes,
    },
  };
};

const summary: Section = async (platform) => {
  const db = platform.ctx.db;
  const devices = benchVehicles(SUMMARY_VEHICLES, "3570000");
  const companyId = await createBenchFleet(db, devices);
  const vehicles = await db.query<{ id: number; group_id: number }>(
    "select id, group_id from vehicles where company_id = $1",
    [companyId],
  );
  const first = Math.floor(Date.now() / DAY_MS) * DAY_MS - 31 * DAY_MS;
  for (let d = 0; d < 31; d++) {
    const dayStart = first + d * DAY_MS;
    await ensureDerivedPartition(platform.services.partitions, db, "item_days", companyId, dayStart);
    const rows = vehicles.map((v, i) => ({
      i: v.id,
      day: new Date(dayStart).toISOString().slice(0, 10),
      s: dayStart,
      dist: 80_000 + ((i * 7919 + d * 104_729) % 120_000),
      fuel: 9 + (i % 5),
    }));
    await db.query(
      `insert into item_days (company_id, item_type, item_id, day, day_start_ts, first_ts, last_ts, distance_m,
         driving_ms, idle_ms, stopped_ms, max_spd, avg_spd, fuel_used, trips, driving_events, points)
       select $2, 1, r.i, r.day::date, r.s, r.s + 21600000, r.s + 64800000, r.dist, 7200000, 600000, 36000000,
         110, 52, r.fuel, 8, 2, 20000
       from jsonb_to_recordset($1::jsonb) as r(i int, day text, s bigint, dist float8, fuel float8)`,
      [JSON.stringify(rows), companyId],
    );
  }
  const request = reportRequestSchema.parse({
    type: "summary",
    groupsId: [vehicles[0]!.group_id],
    timeLimits: { from: first, to: first + 31 * DAY_MS },
    format: "screen",
    timezone: "UTC",
  });
  let rows = 0;
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const prepared = await prepareReport(db, benchScope(companyId), request);
    const result = await runReport(prepared, {
      db,
      geocoder: platform.services.geocoder,
      now: Date.now(),
      step: () => {},
    });
    times.push(performance.now() - t0);
    rows = result.rows.length;
  }
  return { vehicles: SUMMARY_VEHICLES, days: 31, rows, ms: round(Math.min(...times)) };
};

const pdf: Section = async () => {
  const start = Date.now() - DAY_MS;
  const result: ReportResult = {
    type: "trips",
    from: start,
    to: start + DAY_MS,
    createdTs: Date.now(),
    columns: (
      [
        ["item", "text"],
        ["driver", "text"],
        ["start", "datetime"],
        ["end", "datetime"],
        ["startPosition", "text"],
        ["endPosition", "text"],
        ["distance", "distance"],
        ["drivingTime", "duration"],
        ["maxSpeed", "speed"],
        ["fuel", "fuel"],
      ] as const
    ).map(([key, kind]) => ({ key, kind })),
    rows: Array.from({ length: PDF_ROWS }, (_, i) => [
      `Vehicle ${i % 500}`,
      `Driver ${i % 80}`,
      start + i * 8_000,
      start + i * 8_000 + 1_200_000,
      "Fuencarral-El Pardo, España",
      `${(i % 40) + 1}.2 km from Alcobendas, España`,
      12_345 + i,
      1_200_000,
      90,
      3.4,
    ]),
    chart: null,
    map: null,
    notice: null,
    fuelUnit: 0,
  };
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const t0 = performance.now();
  const file = resultFile(result, "pdf", {
    name: "bench",
    lang: "es",
    timezone: "Europe/Madrid",
    siteName: "Vigia",
  });
  let bytes = 0;
  for await (const chunk of file.stream) {
    bytes += (chunk as Buffer).length;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const ms = performance.now() - t0;
  return {
    rows: PDF_ROWS,
    ms: round(ms),
    megabytes: round(bytes / 1e6, 1),
    rssGrowthMb: round((rssPeak - rssBefore) / 1e6, 1),
  };
};

/**
 * lateDay: one vehicle sends a fix of now, then BENCH_LATE_HOURS (24) hours of 1 Hz positions of yesterday in frames
 * of 100 (a buffered upload). Ingest rate while it uploads (positions/s, commit → live), the time from the first
 * frame until the derivation has re-derived it all and stored it (the reports are right from then on), how many
 * re-derivations that took and how many positions they replayed, and the trips it found.
 */
const LATE_HOURS = env("BENCH_LATE_HOURS", 24);
const lateDay: Section = async (platform) => {
  const { ctx, services } = platform;
  const devices = benchVehicles(1, "3560000");
  await createBenchFleet(ctx.db, devices);
  const live = new LiveState(ctx, services.registry);
  const derived = new DerivedService(ctx, services.partitions, services);
  derived.attach(live);
  const processor = new Processor(ctx, services.registry, services.partitions, live);
  const imei = devices[0]!.imei;
  const position = (ts: number, f: ReturnType<typeof fixAt>) => ({
    ts,
    lat: f.lat,
    lng: f.lng,
    alt: 600,
    spd: f.spd,
    course: 0,
    satt: 9,
    valid: true,
    src: 1 as const,
    attributes: { ignition: f.ignition },
  });
  const now = Date.now();
  await processor.submit({
    protocol: "teltonika",
    imei,
    remote: "bench",
    positions: [position(now, fixAt(0, now))],
  });
  await processor.idle();
  await derived.idle();
  const start = Math.floor(now / DAY_MS) * DAY_MS - DAY_MS;
  const total = LATE_HOURS * 3600;
  const started = performance.now();
  for (let k = 0; k < total; k += 100) {
    const positions = Array.from({ length: Math.min(100, total - k) }, (_, r) =>
      position(start + (k + r) * 1000, fixAt(k + r, start)),
    );
    await processor.submit({ protocol: "teltonika", imei, remote: "bench", positions });
  }
  await processor.idle();
  const ingestSeconds = (performance.now() - started) / 1000;
  await derived.idle();
  const rightAfterSeconds = (performance.now() - started) / 1000;
  if (derived.stats.errors > 0) throw new Error("derivation failed during the bench");
  const [found] = await ctx.db.query<{ n: number }>(
    "select count(*)::int as n from item_trips where start_ts >= $1 and start_ts < $2",
    [start, start + DAY_MS],
  );
  return {
    positions: total,
    ingestPerSecond: round(total / ingestSeconds),
    reportsRightAfterSeconds: round(rightAfterSeconds, 2),
    rederivations: derived.stats.rederived,
    replayedPositions: derived.stats.replayed,
    trips: found?.n ?? 0,
  };
};

/** The bench's sections, run in this order; add yours here. */
const SECTIONS: [string, Section][] = [
  ["tripsStops", tripsStops],
  ["ingestCost", ingestCost],
  ["summary", summary],
  ["pdf", pdf],
  ["lateDay", lateDay],
];

const platform = await startBenchPlatform(databaseUrl);
const result: Record<string, unknown> = {
  bench: "reports",
  engine: databaseUrl ? "postgres" : process.env.BENCH_PGLITE === "memory" ? "pglite-memory" : "pglite",
};
try {
  // BENCH_REPORTS_ONLY=summary,pdf runs just those sections.
  const only = process.env.BENCH_REPORTS_ONLY?.split(",");
  for (const [name, section] of SECTIONS)
    if (!only || only.includes(name)) result[name] = await section(platform);
} finally {
  await platform.dispose();
}
console.log(JSON.stringify(result));
