/**
 * ingest: positions per second end to end — Teltonika TCP frames in, committed, ACKed, and delivered on
 * the live channel — and, as the reference, the raw COPY rate of the same rows into the same database.
 * Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set. Prints one JSON line.
 */
import WebSocket from "ws";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../packages/server/test/support/devices.ts";
import { type BenchDevice, createBenchFleet, round, signIn, startBenchPlatform } from "./support.ts";

const DEVICES = Number(process.env.BENCH_INGEST_DEVICES ?? 200);
const PACKETS = Number(process.env.BENCH_INGEST_PACKETS ?? 25);
const RECORDS = 10;

async function run(databaseUrl: string | null) {
  const platform = await startBenchPlatform(databaseUrl);
  try {
    const devices: BenchDevice[] = Array.from({ length: DEVICES }, (_, i) => ({
      imei: `86${String(i).padStart(13, "0")}`,
      protocol: "teltonika",
      kind: "vehicle",
    }));
    const companyId = await createBenchFleet(platform.ctx.db, devices);
    const total = DEVICES * PACKETS * RECORDS;
    const token = await signIn(platform.url, "super@vigia.demo");
    const ws = new WebSocket(`${platform.url.replace("http", "ws")}/fr/ws/`);
    let delivered = 0;
    let allDelivered: () => void = () => undefined;
    const deliveredAll = new Promise<void>((resolve) => {
      allDelivered = resolve;
    });
    ws.on("message", (raw) => {
      for (const m of [JSON.parse(String(raw))].flat() as { type: string }[]) {
        if (m.type === "vPos") delivered += 1;
      }
      if (delivered >= total) allDelivered();
    });
    await new Promise<void>((resolve) => ws.on("open", () => resolve()));
    ws.send(JSON.stringify({ type: "initialize", data: { accessToken: token } }));
    ws.send(JSON.stringify({ type: "bindCompany", data: { id: companyId } }));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const base = Date.now() - 2 * 3_600_000;
    const connections = await Promise.all(
      devices.map(() => TestDevice.connect(platform.gateway!.ports.teltonika)),
    );
    await Promise.all(
      connections.map(async (c, i) => {
        c.send(teltonikaHandshake(devices[i]!.imei));
        await c.read(1);
      }),
    );
    const rows: string[] = [];
    const started = performance.now();
    await Promise.all(
      connections.map(async (c, d) => {
        for (let k = 0; k < PACKETS; k++) {
          const fixes = Array.from({ length: RECORDS }, (_, r) => ({
            ts: base + (k * RECORDS + r) * 1000,
            lat: 40.4 + d * 0.001 + k * 0.0001,
            lng: -3.7 + r * 0.0001,
            spd: 40,
          }));
          c.send(teltonikaPacket(fixes));
          await c.read(4);
        }
      }),
    );
    const acked = performance.now();
    await Promise.race([deliveredAll, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    const done = performance.now();
    for (const c of connections) c.end();
    ws.close();

    // The same rows through COPY into a plain table of the same shape.
    await platform.ctx.db.query("create table bench_copy (like positions)");
    for (let d = 0; d < DEVICES; d++) {
      for (let k = 0; k < PACKETS * RECORDS; k++) {
        rows.push(
          `${companyId},${d + 1},1,${d + 1},${base + k * 1000},${base + k * 1000},40.4,-3.7,650,40,90,9,t,1,{}`,
        );
      }
    }
    const columns = [
      "company_id",
      "device_id",
      "item_type",
      "item_id",
      "ts",
      "received_ts",
      "lat",
      "lng",
      "alt",
      "spd",
      "course",
      "satt",
      "valid",
      "src",
      "attributes",
    ];
    const copyStart = performance.now();
    await platform.ctx.db.copyFromCsv("bench_copy", columns, `${rows.join("\n")}\n`);
    const copyMs = performance.now() - copyStart;
    return {
      devices: DEVICES,
      positions: total,
      delivered,
      positionsPerSecondAcked: round(total / ((acked - started) / 1000)),
      positionsPerSecondDelivered: round(delivered / ((done - started) / 1000)),
      copyRowsPerSecond: round(total / (copyMs / 1000)),
    };
  } finally {
    await platform.dispose();
  }
}

const result: Record<string, unknown> = { bench: "ingest", pglite: await run(null) };
if (process.env.DATABASE_URL) result.postgresql = await run(process.env.DATABASE_URL);
console.log(JSON.stringify(result));
process.exit(0);
