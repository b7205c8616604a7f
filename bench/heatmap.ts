/**
 * heatmap: a month of a fleet's positions as a heat map (target: 100 vehicles × 30 days answered in under
 * 1 s and under 5 MB to the browser), on the real schema of a bench platform. Each vehicle drives a random walk
 * around its own depot in Iberia, one fix a minute for BENCH_HEATMAP_MINUTES of each day; the month is followed by
 * a part of today, which no build covers. Figures:
 * - `buildMs`: the background work that folds each closed day into stored hexagons, once per day (per day too);
 * - `queryMs`: the heat map over the month and today, stored days summed and today grouped from its positions;
 * - `unbuiltQueryMs`: the same heat map before any day is built, every position grouped (the path a day changed
 *   since its build takes);
 * - `scanMs`: the physical limit in the same run, one pass that only counts the rows the heat map covers.
 * PGlite, plus PostgreSQL when DATABASE_URL is set. Prints one JSON line.
 */
import { buildDueHeatDays, heatmap } from "../packages/server/src/insights/index.ts";
import { benchScope, benchVehicles, createBenchFleet, round, startBenchPlatform } from "./support.ts";

const VEHICLES = Number(process.env.BENCH_HEATMAP_VEHICLES ?? 100);
const DAYS = Number(process.env.BENCH_HEATMAP_DAYS ?? 30);
const MINUTES = Number(process.env.BENCH_HEATMAP_MINUTES ?? 300);
const DAY = 86_400_000;

async function run(databaseUrl: string | null) {
  const platform = await startBenchPlatform(databaseUrl);
  try {
    const db = platform.ctx.db;
    const companyId = await createBenchFleet(db, benchVehicles(VEHICLES, "861"));
    const today = Math.floor(Date.now() / DAY) * DAY;
    const start = today - DAYS * DAY;
    const t0 = performance.now();
    // Each vehicle: a depot, then every minute of driving a step of up to ~300 m; generated in SQL, a day at a
    // time, the last "day" being today's first hours.
    for (let day = 0; day <= DAYS; day++) {
      const dayStart = start + day * DAY;
      await platform.services.partitions.ensure(db, companyId, dayStart);
      await db.query(
        `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng)
         select $1, d.id, 1, d.item_id, $2::bigint + m * 60000, $2::bigint + m * 60000,
           37 + (v % 10) * 0.6 + sin(v * 7 + m / 17.0 + $3::int) * 0.05 + (m % 13) * 0.0007,
           -8 + (v / 10) * 1.1 + cos(v * 3 + m / 23.0 + $3::int) * 0.07 + (m % 7) * 0.0009
         from (select id, item_id, row_number() over (order by id)::int as v from devices where company_id = $1) d,
           generate_series(0, $4::int - 1) m`,
        [companyId, dayStart + 6 * 3_600_000, day, day === DAYS ? Math.min(MINUTES, 60) : MINUTES],
      );
    }
    const loadMs = performance.now() - t0;
    const [{ rows } = { rows: 0 }] = await db.query<{ rows: number }>(
      "select count(*)::int as rows from positions where company_id = $1",
      [companyId],
    );
    const scope = benchScope(companyId, "UTC");
    const request = {
      layer: "positions" as const,
      fromTs: start,
      toTs: today + DAY,
      resolution: 8,
      groupIds: [],
      items: [],
    };
    await heatmap(db, scope, request); // warm-up: query plans and H3 tables
    const t1 = performance.now();
    const unbuilt = await heatmap(db, scope, request);
    const unbuiltQueryMs = performance.now() - t1;

    const t2 = performance.now();
    let built = 0;
    for (let n = -1; n !== 0; built += n)
      n = await buildDueHeatDays(db, platform.services.partitions, Date.now());
    const buildMs = performance.now() - t2;

    await heatmap(db, scope, request);
    const t3 = performance.now();
    const result = await heatmap(db, scope, request);
    const queryMs = performance.now() - t3;
    const bytes = Buffer.byteLength(JSON.stringify(result));
    // The physical limit on the same rows in the same run: one pass that only counts what the heat map reads.
    const t4 = performance.now();
    await db.query(
      "select count(*) from positions where company_id = $1 and ts >= $2 and ts < $3 and valid",
      [companyId, request.fromTs, request.toTs],
    );
    const scanMs = performance.now() - t4;
    if (result.total !== rows || unbuilt.total !== rows)
      throw new Error(`heat map counted ${result.total} (unbuilt ${unbuilt.total}) of ${rows} positions`);
    if (result.cells.length !== unbuilt.cells.length)
      throw new Error(
        `built and unbuilt heat maps differ: ${result.cells.length} / ${unbuilt.cells.length} cells`,
      );
    return {
      positions: rows,
      loadMs: Math.round(loadMs),
      daysBuilt: built,
      buildMs: Math.round(buildMs),
      buildMsPerDay: round(buildMs / Math.max(built, 1)),
      queryMs: Math.round(queryMs),
      unbuiltQueryMs: Math.round(unbuiltQueryMs),
      scanMs: Math.round(scanMs),
      queryOverScan: round(queryMs / Math.max(scanMs, 1), 2),
      cells: result.cells.length,
      responseBytes: bytes,
      ok: queryMs < 1000 && bytes < 5_000_000,
    };
  } finally {
    await platform.dispose();
  }
}

const result: Record<string, unknown> = {
  bench: "heatmap",
  vehicles: VEHICLES,
  days: DAYS,
  targets: { queryMsUnder: 1000, bytesUnder: 5_000_000 },
  pglite: await run(null),
};
if (process.env.DATABASE_URL) result.postgresql = await run(process.env.DATABASE_URL);
console.log(JSON.stringify(result));
process.exit(0);
