/**
 * route: reading one vehicle's route of a day with many positions (BENCH_ROUTE_POSITIONS, default 200,000;
 * 1,000,000 for the figure) through the HTTP API, while another device keeps sending and waits for
 * each ACK. Reports the read time, the process's RSS growth during the read and the longest ACK delay
 * while it ran. PGlite, plus PostgreSQL when DATABASE_URL is set. Prints one JSON line.
 */

import { ITEM_TYPE } from "@vigia/domain";
import { DAY_MS } from "../packages/domain/src/model/constants.ts";
import { PartitionManager } from "../packages/server/src/ingest/partitions.ts";
import type { Queryable } from "../packages/server/src/kernel/db/database.ts";
import { readRoute } from "../packages/server/src/live/route-reader.ts";
import { MAX_TRACK_POINTS } from "../packages/server/src/live/track-service.ts";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../packages/server/test/support/devices.ts";
import { type BenchDevice, createBenchFleet, round, signIn, startBenchPlatform } from "./support.ts";

const POSITIONS = Number(process.env.BENCH_ROUTE_POSITIONS ?? 200_000);
const LOAD_BATCH = 100_000;
const COLUMNS = [
  "company_id",
  "device_id",
  "item_type",
  "item_id",
  "ts",
  "received_ts",
  "lat",
  "lng",
  "spd",
  "attributes",
];

async function run(databaseUrl: string | null) {
  const platform = await startBenchPlatform(databaseUrl);
  try {
    const devices: BenchDevice[] = [
      { imei: "860000000000001", protocol: "teltonika", kind: "vehicle" },
      { imei: "860000000000002", protocol: "teltonika", kind: "vehicle" },
    ];
    const db = platform.ctx.db;
    const companyId = await createBenchFleet(db, devices);
    const items = await db.query<{ id: number; device: number }>(
      `select v.id, d.id as device from vehicles v join devices d on d.item_type = $2 and d.item_id = v.id
       where v.company_id = $1 order by v.id`,
      [companyId, ITEM_TYPE.vehicle],
    );
    const [routeItem, probeItem] = items;
    if (!routeItem || !probeItem) throw new Error("bench fleet incomplete");

    // Yesterday, a fix every 86.4 s × (1M / POSITIONS): the whole day, driving and stopping.
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    await new PartitionManager().ensure(db, companyId, day);
    const step = DAY_MS / POSITIONS;
    for (let start = 0; start < POSITIONS; start += LOAD_BATCH) {
      const lines: string[] = [];
      for (let i = start; i < Math.min(POSITIONS, start + LOAD_BATCH); i++) {
        const ts = day + Math.floor(i * step);
        const moving = Math.floor(i / (POSITIONS / 96)) % 2 === 0; // 48 drives and 48 stops
        const spd = moving ? 40 + (i % 20) : 0;
        lines.push(
          `${companyId},${routeItem.device},1,${routeItem.id},${ts},${ts},${40.4 + (i % 5000) * 1e-5},-3.7,${spd},"{""ignition"": ${moving}}"`,
        );
      }
      await db.copyFromCsv("positions", COLUMNS, `${lines.join("\n")}\n`);
    }
    await db.query("analyze positions");

    // The probe: one fix per packet, the next sent as soon as the last is ACKed.
    const probe = await TestDevice.connect(platform.gateway!.ports.teltonika);
    probe.send(teltonikaHandshake(devices[1]!.imei));
    await probe.read(1);
    let probing = true;
    let maxAckMs = 0;
    let acks = 0;
    const probeLoop = (async () => {
      for (let k = 0; probing; k++) {
        const sent = performance.now();
        probe.send(teltonikaPacket([{ ts: Date.now() - 60_000 + k, lat: 40.5, lng: -3.6, spd: 30 }]));
        await probe.read(4);
        maxAckMs = Math.max(maxAckMs, performance.now() - sent);
        acks++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the probe is ACKed steadily before the read

    const token = await signIn(platform.url, "super@vigia.demo");
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    maxAckMs = 0;
    const started = performance.now();
    const response = await fetch(
      `${platform.url}/fr/v1/companies/id/${companyId}/vehicles/id/${routeItem.id}/route?from=${day}&to=${day + DAY_MS}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await response.json()) as { points: unknown[]; stops: unknown[]; truncated: boolean };
    const readMs = performance.now() - started;
    clearInterval(sampler);
    probing = false;
    await probeLoop;
    probe.end();
    if (response.status !== 200) throw new Error(`route answered ${response.status}`);

    // The same read once more, timing each statement: none may hold the database for long.
    let statements = 0;
    let maxStatementMs = 0;
    const timed: Queryable = {
      query: async (sql, params) => {
        const t = performance.now();
        try {
          return await db.query(sql, params);
        } finally {
          statements++;
          maxStatementMs = Math.max(maxStatementMs, performance.now() - t);
        }
      },
    };
    await readRoute(
      timed,
      { companyId, itemType: 1, itemId: routeItem.id, from: day, to: day + DAY_MS },
      { maxPoints: MAX_TRACK_POINTS },
    );
    return {
      positions: POSITIONS,
      routeReadMs: round(readMs),
      points: body.points.length,
      stops: body.stops.length,
      truncated: body.truncated,
      rssGrowthMb: round((rssPeak - rssBefore) / 1_048_576),
      maxIngestAckDelayMs: round(maxAckMs),
      acksDuringRead: acks,
      routeStatements: statements,
      maxStatementMs: round(maxStatementMs),
    };
  } finally {
    await platform.dispose();
  }
}

const result: Record<string, unknown> = { bench: "route", pglite: await run(null) };
if (process.env.DATABASE_URL) result.postgresql = await run(process.env.DATABASE_URL);
console.log(JSON.stringify(result));
process.exit(0);
