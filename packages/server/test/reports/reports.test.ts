import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDerivedPartition } from "../../src/derived/index.ts";
import type { CompanyScope } from "../../src/kernel/tenancy/scope.ts";
import { renderReportFile } from "../../src/reports/index.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Reports: the catalogue, jobs over derived history, the 406 before any work, files, and who may
 * run them (subadministrators and above, scoped to their groups; a job belongs to whoever started it).
 */
let p: TestPlatform;
let acme = 0;
let madridVehicle = 0;
let toledoVehicle = 0;
const DAY = 86_400_000;
const from = TEST_START - 2 * DAY;
const to = TEST_START;

interface Job {
  id: string;
  state: string;
  progress: number;
  result: {
    columns: { key: string }[];
    rows: (string | number | null)[][];
    notice: string | null;
    chart: unknown;
    map: { geozoneIds: number[]; poiIds: number[] } | null;
  } | null;
}

async function addTrip(
  vehicleId: number,
  startTs: number,
  distanceM: number,
  driverId: number | null = null,
) {
  const db = p.ctx.db;
  await ensureDerivedPartition(p.services.partitions, db, "item_trips", acme, startTs);
  await db.query(
    `insert into item_trips (company_id, item_type, item_id, start_ts, end_ts, start_lat, start_lng, end_lat, end_lng,
       distance_m, driving_ms, idle_ms, max_spd, avg_spd, fuel_used, driver_id, points)
     values ($1, 1, $2, $3, $4, 40.4169, -3.7035, 40.3057, -3.7329, $5, 1800000, 60000, 95, 60, 4.2, $6, 100)`,
    [acme, vehicleId, startTs, startTs + 1_800_000, distanceM, driverId],
  );
}

beforeAll(async () => {
  p = await startTestPlatform();
  const db = p.ctx.db;
  acme = (await db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!.id;
  const byGroup = async (group: string) =>
    (
      await db.query<{ id: number }>(
        "select v.id from vehicles v join groups g on g.id = v.group_id where v.company_id = $1 and g.name = $2 order by v.id limit 1",
        [acme, group],
      )
    )[0]!.id;
  madridVehicle = await byGroup("Madrid");
  toledoVehicle = await byGroup("Toledo");
  await addTrip(madridVehicle, from + 3_600_000, 12_345);
  await addTrip(toledoVehicle, from + 7_200_000, 54_321);
});
afterAll(async () => {
  await p?.close();
});

const base = (extra: Record<string, unknown> = {}) => ({
  type: "trips",
  vehiclesId: [madridVehicle, toledoVehicle],
  timeLimits: { from, to },
  format: "screen",
  lang: "en",
  timezone: "Europe/Madrid",
  ...extra,
});

async function run(token: string, body: Record<string, unknown>): Promise<Job> {
  const started = await p.api.post<Job>(`companies/id/${acme}/reports/jobs`, body, token);
  expect(started.status).toBe(200);
  await p.services.reportJobs.settled(started.body.id);
  const job = await p.api.get<Job>(`companies/id/${acme}/reports/jobs/id/${started.body.id}`, token);
  expect(job.status).toBe(200);
  return job.body;
}

describe("report catalogue", () => {
  it("lists every report type of the issue, for every user of the company load", async () => {
    for (const email of ["admin@acme.demo", "operator@acme.demo"]) {
      const token = await p.api.token(email);
      const r = await p.api.get<Record<string, { id: string }>>(`companies/id/${acme}/report_types`, token);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(
        expect.arrayContaining([
          "route",
          "trips",
          "stops",
          "summary",
          "summaryDaily",
          "driverScore",
          "speeding",
          "idle",
          "offline",
          "geozoneVisits",
          "poiVisits",
          "alarmNotices",
          "sensors",
          "fuel",
          "odometerDaily",
          "worktimeCompliance",
          "driverActivity",
          "costs",
          "drivingEvents",
        ]),
      );
    }
  });
});

describe("report jobs", () => {
  it("runs a trips report with readable addresses and a chart", async () => {
    const job = await run(await p.api.token("admin@acme.demo"), base());
    expect(job.state).toBe("done");
    expect(job.progress).toBe(1);
    const rows = job.result!.rows;
    expect(rows).toHaveLength(2);
    const keys = job.result!.columns.map((c) => c.key);
    expect(rows.map((r) => r[keys.indexOf("distance")])).toEqual(expect.arrayContaining([12_345, 54_321]));
    expect(rows[0]![keys.indexOf("startPosition")]).toContain("Madrid");
    expect(job.result!.chart).not.toBeNull();
  });

  it("scopes a subadministrator to the items of their groups", async () => {
    const job = await run(await p.api.token("subadmin@acme.demo"), base());
    expect(job.result!.rows).toHaveLength(1);
    expect(job.result!.rows[0]).toContain(12_345);
  });

  it("answers every report type without failing", async () => {
    const token = await p.api.token("admin@acme.demo");
    const types = Object.keys(
      (await p.api.get<Record<string, unknown>>(`companies/id/${acme}/report_types`, token)).body,
    );
    for (const type of types) {
      const job = await run(token, base({ type, groupsId: [], driversId: [] }));
      expect({ type, state: job.state }).toEqual({ type, state: "done" });
    }
  });

  it("answers 406 search too broad before doing any work", async () => {
    const token = await p.api.token("admin@acme.demo");
    const r = await p.api.post<ErrorBody>(
      `companies/id/${acme}/reports/jobs`,
      base({ timeLimits: { from: to - 800 * DAY, to } }),
      token,
    );
    expect(r.status).toBe(406);
    expect(r.body.description).toBe("search.too.broad");
  });

  it("cancels a job (the job itself is tested in src/reports/jobs.test.ts) and 404s a foreign one", async () => {
    const token = await p.api.token("admin@acme.demo");
    const started = await p.api.post<Job>(
      `companies/id/${acme}/reports/jobs`,
      base({ type: "route" }),
      token,
    );
    const del = await p.api.request("DELETE", `companies/id/${acme}/reports/jobs/id/${started.body.id}`, {
      token,
    });
    expect(del.status).toBe(204);
    await p.services.reportJobs.settled(started.body.id);
    const job = await p.api.get<Job>(`companies/id/${acme}/reports/jobs/id/${started.body.id}`, token);
    // Cancelled while running, or done when it finished before the cancel arrived: never failed.
    expect(["cancelled", "done"]).toContain(job.body.state);
    const foreign = await p.api.request("DELETE", `companies/id/${acme}/reports/jobs/id/0123456789abcdef`, {
      token,
    });
    expect(foreign.status).toBe(404);
  });

  it("keeps a job to the user who started it", async () => {
    const job = await run(await p.api.token("admin@acme.demo"), base());
    const other = await p.api.get(
      `companies/id/${acme}/reports/jobs/id/${job.id}`,
      await p.api.token("subadmin@acme.demo"),
    );
    expect(other.status).toBe(404);
  });
});

describe("speeding", () => {
  it("counts speeding against the geozone's limit where it is stricter than the range", async () => {
    const db = p.ctx.db;
    // A 50 km/h circle far from the demo fleet, and a vehicle driving 70 km/h outside and then inside it.
    const [lat, lng] = [41.65, -0.88];
    await db.query(
      `insert into geozones (company_id, name, color, type, lat, lng, radius, speed_limit, created_ts, updated_ts)
       values ($1, 'School zone', '#e03131', 'circle', $2, $3, 500, 50, 0, 0)`,
      [acme, lat, lng],
    );
    p.services.zones.forget(acme);
    const device = (await db.query<{ id: number }>("select id from devices limit 1"))[0]!.id;
    const start = from + 5 * 3_600_000;
    await p.services.partitions.ensure(db, acme, start);
    for (let i = 0; i < 6; i++)
      await db.query(
        `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, spd, valid)
         values ($1, $2, 1, $3, $4, $4, $5, $6, 70, true)`,
        [acme, device, madridVehicle, start + i * 10_000, i < 3 ? lat + 0.1 : lat, lng],
      );
    const job = await run(
      await p.api.token("admin@acme.demo"),
      base({ type: "speeding", vehiclesId: [madridVehicle], ranges: { maxSpeed: 120 } }),
    );
    const keys = job.result!.columns.map((c) => c.key);
    expect(job.result!.rows).toHaveLength(1);
    const row = job.result!.rows[0]!;
    expect(row[keys.indexOf("speedLimit")]).toBe(50);
    expect(row[keys.indexOf("start")]).toBe(start + 30_000);
    expect(row[keys.indexOf("end")]).toBe(start + 50_000);
  });

  it("without a maximum judges each vehicle by its tracker's own limit, and an empty result says why", async () => {
    const db = p.ctx.db;
    const token = await p.api.token("admin@acme.demo");
    // The Toledo vehicle's tracker, limited to 90 km/h; the vehicle drives 100 km/h where no geozone is.
    const device = (
      await db.query<{ id: number; config: Record<string, unknown> }>(
        "select id, config from devices where company_id = $1 and item_type = 1 and item_id = $2 limit 1",
        [acme, toledoVehicle],
      )
    )[0]!;
    const start = from + 9 * 3_600_000;
    await p.services.partitions.ensure(db, acme, start);
    for (let i = 0; i < 4; i++)
      await db.query(
        `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, spd, valid)
         values ($1, $2, 1, $3, $4, $4, 38.5, -6.5, 100, true)`,
        [acme, device.id, toledoVehicle, start + i * 10_000],
      );
    const speeding = (maxSpeed: number) =>
      run(token, base({ type: "speeding", vehiclesId: [toledoVehicle], ranges: { maxSpeed } }));
    const setLimit = (speedLimit: unknown) =>
      db.query("update devices set config = $2 where id = $1", [device.id, { ...device.config, speedLimit }]);

    // The tracker's default limit (120 km/h) is not broken: nothing, and the notice names the rule used.
    await setLimit(120);
    let job = await speeding(0);
    expect(job.result!.rows).toHaveLength(0);
    expect(job.result!.notice).toBe("noSpeedingDefault");

    await setLimit("90");
    job = await speeding(0);
    const keys = job.result!.columns.map((c) => c.key);
    expect(job.result!.rows).toHaveLength(1);
    expect(job.result!.rows[0]![keys.indexOf("speedLimit")]).toBe(90);
    expect(job.result!.rows[0]![keys.indexOf("maxSpeed")]).toBe(100);
    expect(job.result!.notice).toBeNull();

    // A chosen maximum wins over the tracker's limit.
    job = await speeding(110);
    expect(job.result!.rows).toHaveLength(0);
    expect(job.result!.notice).toBe("noSpeeding");

    // A tracker limit that is not a usable number falls back to 120 km/h, never to 0.
    await setLimit("fast");
    job = await speeding(0);
    expect(job.result!.rows).toHaveLength(0);
    await db.query("update devices set config = $2 where id = $1", [device.id, device.config]);
  });
});

describe("map preview places", () => {
  it("names the visited geozones, and every geozone the user sees when asked to show them", async () => {
    const db = p.ctx.db;
    const zones = await db.query<{ id: number }>(
      "select id from geozones where company_id = $1 order by id",
      [acme],
    );
    expect(zones.length).toBeGreaterThan(0);
    const visited = zones[0]!.id;
    await ensureDerivedPartition(p.services.partitions, db, "item_visits", acme, from);
    await db.query(
      `insert into item_visits (company_id, item_type, item_id, place_kind, place_id, start_ts, end_ts)
       values ($1, 1, $2, 1, $3, $4, $5)`,
      [acme, madridVehicle, visited, from + 3_600_000, from + 4_000_000],
    );
    const token = await p.api.token("admin@acme.demo");
    const job = await run(token, base({ type: "geozoneVisits", vehiclesId: [madridVehicle] }));
    expect(job.result!.rows).toHaveLength(1);
    expect(job.result!.map).toMatchObject({ geozoneIds: [visited], poiIds: [] });
    const shown = await run(token, base({ type: "trips", showGeozones: true }));
    const all = shown.result!.map!.geozoneIds;
    expect([...all].sort((a, b) => a - b)).toEqual(zones.map((z) => z.id));
  });
});

describe("costs in the summary and the costs report", () => {
  const names = new Map<number, string>();
  beforeAll(async () => {
    const db = p.ctx.db;
    await ensureDerivedPartition(p.services.partitions, db, "item_days", acme, from);
    for (const [vehicle, metres] of [
      [madridVehicle, 200_000],
      [toledoVehicle, 50_000],
    ] as const)
      await db.query(
        `insert into item_days (company_id, item_type, item_id, day, day_start_ts, first_ts, last_ts, distance_m, driving_ms)
         values ($1, 1, $2, '2026-01-13', $3, $3, $3, $4, 3600000)`,
        [acme, vehicle, from, metres],
      );
    for (const [vehicle, type, currency, price] of [
      [madridVehicle, 1, "EUR", 60],
      [madridVehicle, 1, "EUR", 40],
      [madridVehicle, 1, "USD", 30],
      [toledoVehicle, 3, "EUR", 25],
      [toledoVehicle, 4, "EUR", 5],
    ] as const)
      await db.query(
        `insert into costs (company_id, name, type_id, quantity, unit_price, tax, currency, date, vehicle_id, description,
           created_ts, updated_ts)
         values ($1, 'Cost', $2, 1, $3, 0, $4, '2026-01-13', $5, '', 0, 0)`,
        [acme, type, price, currency, vehicle],
      );
    for (const r of await db.query<{ id: number; name: string }>(
      "select id, coalesce(nullif(name, ''), plate) as name from vehicles where id = any($1::int[])",
      [[madridVehicle, toledoVehicle]],
    ))
      names.set(r.id, r.name);
  });

  it("adds each currency's costs and cost per km of the period, never summing currencies", async () => {
    const job = await run(
      await p.api.token("admin@acme.demo"),
      base({ type: "summary", vehiclesId: [madridVehicle] }),
    );
    const keys = job.result!.columns.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(["costs:EUR", "costPerKm:EUR", "costs:USD", "costPerKm:USD"]),
    );
    const row = job.result!.rows[0]!;
    expect(row[keys.indexOf("costs:EUR")]).toBe(100);
    expect(row[keys.indexOf("costPerKm:EUR")]).toBe(0.5);
    expect(row[keys.indexOf("costs:USD")]).toBe(30);
    expect(row[keys.indexOf("costPerKm:USD")]).toBe(0.15);
  });

  it("reports costs per vehicle, category and currency with the cost per km and a chart per category", async () => {
    const job = await run(await p.api.token("admin@acme.demo"), base({ type: "costs" }));
    const keys = job.result!.columns.map((c) => c.key);
    expect(keys).toEqual([
      "item",
      "currency",
      "maintenance",
      "repair",
      "toll",
      "tax",
      "costs",
      "costCount",
      "distance",
      "costPerKm",
    ]);
    const rows = job.result!.rows.map((r) => r.slice(0, 10));
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        [names.get(madridVehicle), "EUR", 100, 0, 0, 0, 100, 2, 200_000, 0.5],
        [names.get(madridVehicle), "USD", 30, 0, 0, 0, 30, 1, 200_000, 0.15],
        [names.get(toledoVehicle), "EUR", 0, 0, 25, 5, 30, 2, 50_000, 0.6],
      ]),
    );
    expect(job.result!.chart).toEqual({
      kind: "costPerCategory",
      series: ["EUR", "USD"],
      points: [
        { x: "Maintenance", values: { EUR: 100, USD: 30 } },
        { x: "Repair", values: { EUR: 0, USD: 0 } },
        { x: "Tolls", values: { EUR: 25, USD: 0 } },
        { x: "Taxes", values: { EUR: 5, USD: 0 } },
      ],
    });
  });

  it("keeps a subadministrator's costs report to the vehicles of their groups", async () => {
    const job = await run(await p.api.token("subadmin@acme.demo"), base({ type: "costs" }));
    expect(job.result!.rows.map((r) => r[0])).toEqual([names.get(madridVehicle), names.get(madridVehicle)]);
  });

  it.each(["pdf", "xlsx", "csv"] as const)("writes the costs report as %s", async (format) => {
    const token = await p.api.token("admin@acme.demo");
    const job = await run(token, base({ type: "costs", lang: "es" }));
    const response = await fetch(
      `${p.url}/fr/v1/companies/id/${acme}/reports/jobs/id/${job.id}/file?format=${format}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (format === "csv") expect(bytes.toString("utf8")).toContain("Mantenimiento");
    else expect(bytes.length).toBeGreaterThan(500);
  });
});

describe("report files", () => {
  it.each([
    ["pdf", "application/pdf", "%PDF"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "PK"],
    ["csv", "text/csv; charset=utf-8", "\uFEFFItem"],
  ])("streams %s named report_{name}_{date}", async (format, type, magic) => {
    const token = await p.api.token("admin@acme.demo");
    const job = await run(token, base({ name: "Flota Madrid" }));
    const response = await fetch(
      `${p.url}/fr/v1/companies/id/${acme}/reports/jobs/id/${job.id}/file?format=${format}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="report_Flota_Madrid_\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, magic.length === 5 ? 8 : 4).toString("utf8")).toContain(
      magic.replace("\uFEFF", ""),
    );
  });

  it("renders a saved definition to a file for periodic reports", async () => {
    const scope: CompanyScope = {
      companyId: acme,
      groupIds: null,
      principal: {
        userId: 1,
        email: "",
        role: "ADMIN",
        readOnly: false,
        companyId: acme,
        resellerId: null,
        selectedCompanyId: acme,
        groupIds: [],
        timezone: "Europe/Madrid",
        restrictions: { timeRange: null, ip: null },
        companyRestrictions: null,
      },
    };
    const file = await renderReportFile(
      { db: p.ctx.db, geocoder: p.services.geocoder, now: TEST_START, siteName: "Vigia" },
      scope,
      {
        ...base(),
        format: "csv",
        groupsId: [],
        assetsId: [],
        personsId: [],
        driversId: [],
        events: [],
        sensors: [],
        readableAddresses: true,
        showGeozones: false,
        showPois: false,
        zoneIds: [],
        ranges: { maxSpeed: 0, minStopTime: 0, offlineTime: 0, inactivityTime: 0 },
        days: [0, 1, 2, 3, 4, 5, 6],
        name: "weekly",
        type: "trips",
      },
      "csv",
    );
    expect(file.fileName).toBe("report_weekly_2026-01-15.csv");
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString("utf8").split("\r\n").length).toBeGreaterThan(2);
  });
});

describe("who may run reports", () => {
  it.each(["operator@acme.demo", "viewer@acme.demo"])(
    "%s gets 403 before the body is read",
    async (email) => {
      const token = await p.api.token(email);
      for (const body of [base(), "not an object"]) {
        const r = await p.api.post(`companies/id/${acme}/reports/jobs`, body, token);
        expect(r.status).toBe(403);
      }
      const get = await p.api.get(`companies/id/${acme}/reports/jobs/id/0123456789abcdef`, token);
      expect(get.status).toBe(403);
    },
  );

  it("validates the definition per field", async () => {
    const token = await p.api.token("admin@acme.demo");
    const r = await p.api.post<ErrorBody & { fields: Record<string, string> }>(
      `companies/id/${acme}/reports/jobs`,
      { ...base(), type: "nope", format: undefined },
      token,
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual(expect.arrayContaining(["type", "format"]));
  });

  it("does not reach another company", async () => {
    const token = await p.api.token("admin@globex.demo");
    const r = await p.api.post(`companies/id/${acme}/reports/jobs`, base(), token);
    expect([403, 404]).toContain(r.status);
  });
});
