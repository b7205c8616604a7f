import {
  type Dashboard,
  type Heatmap,
  type Incidents,
  type ReportJob,
  reportResultSchema,
  type Ticket,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDerivedPartition } from "../../src/derived/index.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Dashboard, heat map and incidents: figures over the caller's items only (a subadministrator sees
 * its groups), positions binned into H3 hexagons on the server, and safety incidents with counts per driver.
 */
let p: TestPlatform;
let acme = 0;
let vehicles: { id: number; group_id: number }[] = [];
let subadminVehicles = new Set<number>();
const DAY = 86_400_000;
const from = TEST_START - 2 * DAY;
const to = TEST_START;

beforeAll(async () => {
  p = await startTestPlatform();
  const db = p.ctx.db;
  acme = (await db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!.id;
  vehicles = await db.query("select id, group_id from vehicles where company_id = $1 order by id", [acme]);
  const sub = await p.api.token("subadmin@acme.demo");
  const visible = await p.api.get<Record<string, unknown>>(`companies/id/${acme}/vehicles`, sub);
  subadminVehicles = new Set(Object.keys(visible.body).map(Number));
  const device = (await db.query<{ id: number }>("select id from devices limit 1"))[0]!.id;
  const partitions = p.services.partitions;
  const driver = (
    await db.query<{ id: number }>("select id from drivers where company_id = $1 limit 1", [acme])
  )[0]?.id;
  for (const [index, v] of vehicles.entries()) {
    const ts = from + DAY / 2 + index * 60_000;
    await partitions.ensure(db, acme, ts);
    // 50 positions per vehicle around Madrid, a few hundred metres apart.
    for (let i = 0; i < 50; i++)
      await db.query(
        `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng)
         values ($1, $2, 1, $3, $4, $4, $5, $6)`,
        [acme, device + v.id * 1000, v.id, ts + i * 1000, 40.4 + (i % 10) * 0.003, -3.7 + index * 0.01],
      );
    await ensureDerivedPartition(partitions, db, "item_days", acme, from);
    await db.query(
      `insert into item_days (company_id, item_type, item_id, day, day_start_ts, first_ts, last_ts, distance_m,
         driving_ms, driving_events, fuel_used)
       values ($1, 1, $2, '2026-01-13', $3, $3, $6, $4, 3600000, $5, 10)`,
      // The day's last position at noon: an hour of driving fits before it.
      [acme, v.id, from, 10_000 * (index + 1), index === 0 ? 3 : 0, from + DAY / 2],
    );
    await ensureDerivedPartition(partitions, db, "item_driving_events", acme, ts);
    await db.query(
      `insert into item_driving_events (company_id, item_type, item_id, ts, kind, lat, lng, spd, driver_id)
       values ($1, 1, $2, $3, 'harshBraking', 40.41, -3.7, 54.7, $4)`,
      [acme, v.id, ts, driver ?? null],
    );
  }
});
afterAll(async () => {
  await p?.close();
});

const get = async <T>(email: string, rest: string) =>
  p.api.get<T>(`companies/id/${acme}/${rest}`, await p.api.token(email));

describe("heat map", () => {
  it("bins a period's positions into H3 hexagons on the server", async () => {
    const r = await get<Heatmap>("admin@acme.demo", `heatmap?from_ts=${from}&to_ts=${to}&resolution=8`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(vehicles.length * 50);
    expect(r.body.cells.length).toBeGreaterThan(0);
    expect(r.body.cells.length).toBeLessThan(vehicles.length * 50);
    expect(r.body.cells.reduce((sum, c) => sum + c.count, 0)).toBe(r.body.total);
    expect(r.body.max).toBe(r.body.cells[0]?.count);
  });

  it("counts only the subadministrator's items", async () => {
    const r = await get<Heatmap>("subadmin@acme.demo", `heatmap?from_ts=${from}&to_ts=${to}`);
    expect(r.body.total).toBe(subadminVehicles.size * 50);
    expect(subadminVehicles.size).toBeLessThan(vehicles.length);
  });

  it("narrows to chosen items, and draws driving events as their own layer", async () => {
    const one = vehicles[0]!.id;
    const r = await get<Heatmap>("admin@acme.demo", `heatmap?from_ts=${from}&to_ts=${to}&items=1:${one}`);
    expect(r.body.total).toBe(50);
    const events = await get<Heatmap>("admin@acme.demo", `heatmap?from_ts=${from}&to_ts=${to}&layer=events`);
    expect(events.body.total).toBe(vehicles.length);
  });

  it("refuses a period that ends before it starts", async () => {
    const r = await get("admin@acme.demo", `heatmap?from_ts=${to}&to_ts=${from}`);
    expect(r.status).toBe(400);
  });
});

describe("dashboard", () => {
  it("sums the daily aggregates and lists the top items", async () => {
    const r = await get<Dashboard>("admin@acme.demo", `dashboard?from_ts=${from}&to_ts=${to}`);
    expect(r.status).toBe(200);
    const n = vehicles.length;
    expect(r.body.totals.distanceM).toBe((10_000 * n * (n + 1)) / 2);
    expect(r.body.totals.drivingMs).toBe(3_600_000 * n);
    expect(r.body.totals.fuelL).toBe(10 * n);
    // Every day of the period is listed; the days without driving as zero.
    expect(r.body.daily.length).toBeGreaterThanOrEqual(2);
    expect(r.body.daily.find((d) => d.day === "2026-01-13")).toEqual({
      day: "2026-01-13",
      distanceM: r.body.totals.distanceM,
      drivingMs: 3_600_000 * n,
    });
    for (const d of r.body.daily.filter((d) => d.day !== "2026-01-13")) expect(d.distanceM).toBe(0);
    expect(r.body.topDistance[0]?.itemId).toBe(vehicles[n - 1]!.id);
    // The shortest drive with a harsh braking scores worst (reports' driverScore: 10 km, 3 points → 2.2).
    expect(r.body.worstScores[0]).toMatchObject({ itemId: vehicles[0]!.id, score: 2.2 });
  });

  it("counts a rolling period's partial first day whole, as the reports do", async () => {
    // From the late evening of the day driven (its last position was 12 hours after its start) to now: that day
    // still counts.
    const evening = from + 13 * 3_600_000;
    const r = await get<Dashboard>("admin@acme.demo", `dashboard?from_ts=${evening}&to_ts=${to}`);
    expect(r.status).toBe(200);
    const n = vehicles.length;
    expect(r.body.totals.distanceM).toBe((10_000 * n * (n + 1)) / 2);
    expect(r.body.daily.find((d) => d.day === "2026-01-13")?.distanceM).toBe(r.body.totals.distanceM);
    // The summary report of the same period and vehicles answers the same distance.
    const token = await p.api.token("admin@acme.demo");
    const started = await p.api.post<ReportJob>(
      `companies/id/${acme}/reports/jobs`,
      {
        type: "summary",
        vehiclesId: vehicles.map((v) => v.id),
        timeLimits: { from: evening, to },
        format: "screen",
        timezone: "Europe/Madrid",
      },
      token,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await p.services.reportJobs.settled(started.body.id);
    const job = await p.api.get<ReportJob>(`companies/id/${acme}/reports/jobs/id/${started.body.id}`, token);
    const result = reportResultSchema.parse(job.body.result);
    const distance = result.columns.findIndex((c) => c.key === "distance");
    const total = result.rows.reduce((sum, row) => sum + Number(row[distance]), 0);
    expect(total).toBe(r.body.totals.distanceM);
  });

  it("covers only an operator's groups", async () => {
    const r = await get<Dashboard>("subadmin@acme.demo", `dashboard?from_ts=${from}&to_ts=${to}`);
    const all = await get<Dashboard>("admin@acme.demo", `dashboard?from_ts=${from}&to_ts=${to}`);
    expect(r.body.items).toBeGreaterThan(0);
    expect(r.body.items).toBeLessThan(all.body.items);
    for (const top of r.body.topDistance) expect(subadminVehicles.has(top.itemId)).toBe(true);
  });
});

describe("incidents", () => {
  it("lists harsh driving with counts per vehicle and driver, scoped", async () => {
    const r = await get<Incidents>("admin@acme.demo", `incidents?from_ts=${from}&to_ts=${to}`);
    expect(r.status).toBe(200);
    expect(r.body.byKind.harshBraking).toBe(vehicles.length);
    expect(r.body.byItem).toHaveLength(vehicles.length);
    expect(r.body.incidents[0]).toMatchObject({ kind: "harshBraking", speed: 54 });
    const sub = await get<Incidents>("subadmin@acme.demo", `incidents?from_ts=${from}&to_ts=${to}`);
    expect(sub.body.incidents).toHaveLength(subadminVehicles.size);
  });
});

describe("a ticket from an incident", () => {
  it("opens a ticket linked to the incident's item, reachable from the incident afterwards, once", async () => {
    const token = await p.api.token("admin@acme.demo");
    const list = await p.api.get<Incidents>(
      `companies/id/${acme}/incidents?from_ts=${from}&to_ts=${to}`,
      token,
    );
    const incident = list.body.incidents[0]!;
    expect(incident.ticketId).toBeNull();
    const body = { key: incident.key, title: "Harsh braking: truck", description: "At 54 km/h near Madrid" };
    const r = await p.api.post<Ticket>(`companies/id/${acme}/incidents/ticket`, body, token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      type: "incident",
      priority: "high",
      title: body.title,
      description: body.description,
      linkKind: "vehicle",
      linkId: incident.itemId,
      state: "open",
    });
    const after = await p.api.get<Incidents>(
      `companies/id/${acme}/incidents?from_ts=${from}&to_ts=${to}`,
      token,
    );
    expect(after.body.incidents.find((i) => i.key === incident.key)?.ticketId).toBe(r.body.id);
    const again = await p.api.post<ErrorBody>(`companies/id/${acme}/incidents/ticket`, body, token);
    expect(again.status).toBe(409);
    const ticket = await p.api.get<Ticket>(`companies/id/${acme}/tickets/id/${r.body.id}`, token);
    expect(ticket.status).toBe(200);
  });

  it("refuses an unknown key, an incident outside the caller's groups, and validates per field", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const unknown = await p.api.post(
      `companies/id/${acme}/incidents/ticket`,
      { key: "d1-999999-1-harshBraking", title: "x" },
      admin,
    );
    expect(unknown.status).toBe(404);
    const hidden = vehicles.find((v) => !subadminVehicles.has(v.id))!;
    const list = await p.api.get<Incidents>(
      `companies/id/${acme}/incidents?from_ts=${from}&to_ts=${to}`,
      admin,
    );
    const foreign = list.body.incidents.find((i) => i.itemId === hidden.id)!;
    const sub = await p.api.post(
      `companies/id/${acme}/incidents/ticket`,
      { key: foreign.key, title: "x" },
      await p.api.token("subadmin@acme.demo"),
    );
    expect(sub.status).toBe(404);
    const invalid = await p.api.post<ErrorBody>(
      `companies/id/${acme}/incidents/ticket`,
      { key: foreign.key },
      admin,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toHaveProperty("title");
    const globex = await p.api.post(
      `companies/id/${acme}/incidents/ticket`,
      { key: foreign.key, title: "x" },
      await p.api.token("admin@globex.demo"),
    );
    expect([403, 404]).toContain(globex.status);
  });
});
