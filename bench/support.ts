import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { protocols } from "@vigia/protocols";
import pg from "pg";
import { z } from "zod";
import { emptyAlarmRule } from "../packages/domain/src/index.ts";
import { type Platform, startPlatform } from "../packages/server/src/app/platform.ts";
import { type Clock, readConfig } from "../packages/server/src/kernel/config.ts";
import type { Queryable } from "../packages/server/src/kernel/db/database.ts";
import type { CompanyScope } from "../packages/server/src/kernel/tenancy/scope.ts";

/** Device kinds as the simulator and the bench fleet use them. */
export interface BenchDevice {
  imei: string;
  protocol: "teltonika" | "gt06" | "osmand";
  kind: "vehicle" | "asset" | "person";
}

/**
 * A real server in this process with its gateway on free ports: embedded PGlite on disk in a fresh temporary
 * directory (as in production; BENCH_PGLITE=memory keeps it in memory), or a fresh schema of the PostgreSQL
 * server when `databaseUrl` is given. `dispose` removes either.
 */
export async function startBenchPlatform(
  databaseUrl: string | null,
  options: { clock?: Clock; webDist?: string } = {},
): Promise<Platform & { dispose(): Promise<void> }> {
  const schema = databaseUrl ? `vigia_bench_${randomBytes(5).toString("hex")}` : "";
  const onDisk = !databaseUrl && process.env.BENCH_PGLITE !== "memory";
  const dataDir = onDisk ? mkdtempSync(join(tmpdir(), "vigia-bench-")) : "memory";
  const config = readConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    VIGIA_DATA_DIR: dataDir,
    VIGIA_DEMO: "1",
    VIGIA_SIMULATE: "0",
    VIGIA_WEB_DIST: options.webDist ?? "/nonexistent",
    // Every protocol's listener on a port the system picks.
    ...Object.fromEntries(Object.keys(protocols).map((name) => [`${name.toUpperCase()}_PORT`, "0"])),
    DATABASE_URL: databaseUrl ?? "",
    // A bench's whole fleet connects from 127.0.0.1; the per-address cap is for the real world.
    DEVICE_MAX_PER_ADDRESS: "1000000",
    ...(schema ? { VIGIA_DB_SCHEMA: schema } : {}),
  });
  const platform = await startPlatform(config, { logLevel: "error", clock: options.clock });
  return {
    ...platform,
    dispose: async () => {
      await platform.close();
      if (onDisk) rmSync(dataDir, { recursive: true, force: true });
      if (schema && databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    },
  };
}

const TYPE_BY_PROTOCOL = { teltonika: 1, gt06: 3, osmand: 4 } as const;
const ITEM_TYPE = { vehicle: 1, asset: 2, person: 3 } as const;

/** Registers a company with one item and one device per bench device, in a few set-based statements. */
export async function createBenchFleet(db: Queryable, devices: BenchDevice[]): Promise<number> {
  const now = Date.now();
  const company = await db.query<{ id: number }>(
    `insert into companies (reseller_id, name, state, centre, created_ts, updated_ts)
     values ((select min(id) from resellers), 'Bench Fleet', 1, '{"lat":40.4168,"lng":-3.7038}', $1, $1) returning id`,
    [now],
  );
  const companyId = company[0]!.id;
  const group = await db.query<{ id: number }>(
    "insert into groups (company_id, name, created_ts) values ($1, 'Bench', $2) returning id",
    [companyId, now],
  );
  const rows = devices.map((d, i) => ({
    i,
    imei: d.imei,
    t: TYPE_BY_PROTOCOL[d.protocol],
    k: ITEM_TYPE[d.kind],
  }));
  const json = JSON.stringify(rows);
  const params = [json, companyId, group[0]!.id, now];
  // One statement, items joined to their devices by name: a correlated lookup per device was quadratic and took
  // minutes for 20,000 devices on the embedded database.
  await db.query(
    `with r as (select * from jsonb_to_recordset($1::jsonb) as r(i int, imei text, t int, k int)),
     v as (insert into vehicles (company_id, group_id, plate, name, created_ts, updated_ts)
           select $2, $3, 'B-' || r.i, 'Bench vehicle ' || r.i, $4, $4 from r where r.k = 1 returning id, plate),
     a as (insert into assets (company_id, group_id, name, created_ts, updated_ts)
           select $2, $3, 'Bench asset ' || r.i, $4, $4 from r where r.k = 2 returning id, name),
     p as (insert into persons (company_id, group_id, name, created_ts, updated_ts)
           select $2, $3, 'Bench person ' || r.i, $4, $4 from r where r.k = 3 returning id, name)
     insert into devices (device_id, type_id, company_id, item_type, item_id, created_ts, updated_ts)
     select r.imei, r.t, $2, r.k, coalesce(v.id, a.id, p.id), $4, $4
     from r
     left join v on r.k = 1 and v.plate = 'B-' || r.i
     left join a on r.k = 2 and a.name = 'Bench asset ' || r.i
     left join p on r.k = 3 and p.name = 'Bench person ' || r.i`,
    params,
  );
  return companyId;
}

export async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/fr/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "Demo1234" }),
  });
  const body = (await response.json()) as { accessToken: string };
  return body.accessToken;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Alarm rules of time-based and state families on the bench group (every bench item is in it), through the API
 * as an administrator would create them, so the alarm engine evaluates each position.
 */
export async function addBenchRules(
  db: Queryable,
  baseUrl: string,
  token: string,
  companyId: number,
  count: number,
): Promise<void> {
  const families = [10, 11, 13, 14, 15, 17];
  const groups = await db.query<{ id: number }>("select id from groups where company_id = $1", [companyId]);
  const groupIds = groups.map((g) => g.id);
  for (let i = 0; i < count; i++) {
    const rule = emptyAlarmRule();
    const family = families[i % families.length]!;
    rule.items.groupIds = groupIds;
    rule.info = { ...rule.info, name: `bench ${i}`, priority: 2, family, value: 30 * 60_000 };
    if (family === 10) rule.info.states = { logic: 3, stateIds: [2] };
    const response = await fetch(`${baseUrl}/fr/v1/companies/id/${companyId}/alarms`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(rule),
    });
    if (!response.ok) throw new Error(`alarm rule refused: ${response.status} ${await response.text()}`);
  }
}

/** `count` Teltonika vehicles whose IMEIs start with `prefix` (15 digits in all). */
export function benchVehicles(count: number, prefix: string): BenchDevice[] {
  return Array.from({ length: count }, (_, i) => ({
    imei: `${prefix}${String(i).padStart(15 - prefix.length, "0")}`,
    protocol: "teltonika",
    kind: "vehicle",
  }));
}

/** An administrator's whole-company scope of the bench company, as the routes would build it. */
export function benchScope(companyId: number, timezone = "Europe/Madrid"): CompanyScope {
  return {
    companyId,
    groupIds: null,
    principal: {
      userId: 0,
      email: "bench@vigia.local",
      role: "ADMIN",
      readOnly: false,
      companyId,
      resellerId: null,
      selectedCompanyId: null,
      groupIds: [],
      timezone,
      restrictions: { timeRange: null, ip: null },
      companyRestrictions: null,
    },
  };
}

const liveMessageSchema = z.object({ type: z.string(), data: z.unknown() });
const liveFrameSchema = z.union([liveMessageSchema, z.array(liveMessageSchema)]);
const positionDataSchema = z.object({ pos: z.object({ receivedTs: z.number() }) });

/**
 * The age at `now` of every position in one live-channel frame: arrival minus the moment the gateway read the
 * device's frame (`receivedTs`). A frame carries one message or an array of them; other messages are skipped.
 */
export function positionAges(raw: string, now: number): number[] {
  const frame = liveFrameSchema.parse(JSON.parse(raw));
  const ages: number[] = [];
  for (const message of Array.isArray(frame) ? frame : [frame]) {
    if (!message.type.endsWith("Pos")) continue;
    const data = positionDataSchema.safeParse(message.data);
    if (data.success) ages.push(now - data.data.pos.receivedTs);
  }
  return ages;
}
