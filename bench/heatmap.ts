/**
 * heatmap: a month of a fleet's positions as a heat map (issue 15 target: 100 vehicles × 30 days answered in under
 * 1 s and under 5 MB to the browser). Positions are generated in an in-process PGlite (each vehicle drives a random
 * walk around its own depot in Iberia, one fix a minute for BENCH_HEATMAP_MINUTES of each day), then the server's
 * `heatmap()` runs over the whole period: one grouped scan into a fine grid, folded into H3 hexagons. Reports the
 * query time, the cells and the JSON bytes the browser would receive. Prints one JSON line.
 */
import { PGlite } from "@electric-sql/pglite";
import { heatmap } from "../packages/server/src/insights/index.ts";
import type { Queryable, SqlParam } from "../packages/server/src/kernel/db/database.ts";
import type { CompanyScope } from "../packages/server/src/kernel/tenancy/scope.ts";

const VEHICLES = Number(process.env.BENCH_HEATMAP_VEHICLES ?? 100);
const DAYS = Number(process.env.BENCH_HEATMAP_DAYS ?? 30);
const MINUTES = Number(process.env.BENCH_HEATMAP_MINUTES ?? 300);
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

const pg = new PGlite();
const db: Queryable = {
  query: async <R>(sql: string, params?: readonly SqlParam[]) =>
    (await pg.query<R>(sql, params ? [...params] : [])).rows,
};
await pg.exec(`create table positions (
  company_id int not null, item_type smallint not null, item_id int not null, ts bigint not null,
  lat double precision not null, lng double precision not null, valid boolean not null default true)`);
const t0 = performance.now();
// Each vehicle: a depot, then every minute of driving a step of up to ~300 m; generated in SQL, one day at a time.
for (let day = 0; day < DAYS; day++) {
  await pg.query(
    `insert into positions (company_id, item_type, item_id, ts, lat, lng)
     select 1, 1, v, $1::bigint + m * 60000,
       37 + (v % 10) * 0.6 + sin(v * 7 + m / 17.0 + $2::int) * 0.05 + (m % 13) * 0.0007,
       -8 + (v / 10) * 1.1 + cos(v * 3 + m / 23.0 + $2::int) * 0.07 + (m % 7) * 0.0009
     from generate_series(1, $3::int) v, generate_series(0, $4::int - 1) m`,
    [START + day * DAY + 6 * 3_600_000, day, VEHICLES, MINUTES],
  );
}
const loadMs = performance.now() - t0;
const rows = VEHICLES * DAYS * MINUTES;

const scope: CompanyScope = {
  companyId: 1,
  groupIds: null,
  principal: {
    userId: 1,
    email: "bench@vigia.test",
    role: "ADMIN",
    readOnly: false,
    companyId: 1,
    resellerId: null,
    selectedCompanyId: null,
    groupIds: [],
    timezone: "UTC",
    restrictions: { timeRange: null, ip: null },
    companyRestrictions: null,
  },
};
const request = {
  layer: "positions" as const,
  fromTs: START,
  toTs: START + DAYS * DAY,
  resolution: 8,
  groupIds: [],
  items: [],
};
await heatmap(db, scope, request); // warm-up: query plan and H3 tables
const t1 = performance.now();
const result = await heatmap(db, scope, request);
const queryMs = performance.now() - t1;
const bytes = Buffer.byteLength(JSON.stringify(result));
// The physical limit on the same rows in the same run: one pass that only counts what the heat map reads.
const t2 = performance.now();
await pg.query("select count(*) from positions where company_id = 1 and ts >= $1 and ts < $2 and valid", [
  request.fromTs,
  request.toTs,
]);
const scanMs = performance.now() - t2;
if (result.total !== rows) throw new Error(`heat map counted ${result.total} of ${rows} positions`);
console.log(
  JSON.stringify({
    bench: "heatmap",
    vehicles: VEHICLES,
    days: DAYS,
    positions: rows,
    loadMs: Math.round(loadMs),
    queryMs: Math.round(queryMs),
    scanMs: Math.round(scanMs),
    queryOverScan: Math.round((queryMs / Math.max(scanMs, 1)) * 100) / 100,
    cells: result.cells.length,
    responseBytes: bytes,
    targets: { queryMsUnder: 1000, bytesUnder: 5_000_000 },
    ok: queryMs < 1000 && bytes < 5_000_000,
  }),
);
await pg.close();
