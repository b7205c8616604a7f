import {
  type Corridor,
  corridorSchema,
  type DpaInfo,
  dpaInfoSchema,
  type Geozone,
  type MapMarker,
  type SensorHistory,
  sensorHistorySchema,
  validatePolygon,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SimpleFix, TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let operator: string;
let vehicle: { id: number; imei: string };

// Ten minutes of fixes every 30 s, the ignition on for the first five and off after.
const START = TEST_START - 2 * 3_600_000;
const fixes: SimpleFix[] = Array.from({ length: 20 }, (_, i) => ({
  ts: START + i * 30_000,
  lat: 40.4 + i * 0.0005,
  lng: -3.72,
  spd: i < 10 ? 40 : 0,
  ignition: i < 10,
}));

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  vehicle = (
    await p.ctx.db.query<{ id: number; imei: string }>(
      `select v.id, d.device_id as imei from vehicles v
       join devices d on d.item_type = 1 and d.item_id = v.id join device_types t on t.id = d.type_id
       join groups g on g.id = v.group_id
       where v.company_id = $1 and t.proto = 'teltonika' and g.name = 'Madrid' order by v.id limit 1`,
      [acme],
    )
  )[0]!;
  admin = await p.api.token("admin@acme.demo");
  operator = await p.api.token("operator@acme.demo");
  const device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(vehicle.imei));
  await device.read(1);
  device.send(teltonikaPacket(fixes));
  await device.read(4);
  device.end();
}, 60_000);
afterAll(async () => p?.close());

const base = (companyId = acme) => `companies/id/${companyId}`;

describe("track to geozone: POST geozones/corridor", () => {
  const line = fixes.map(({ lat, lng }) => ({ lat, lng }));

  it("buffers a route stretch into a valid polygon that saves as a geozone", async () => {
    const res = await p.api.post<Corridor>(
      `${base()}/geozones/corridor`,
      { line, widthM: 80, toleranceM: 5 },
      admin,
    );
    expect(res.status).toBe(200);
    expect(corridorSchema.parse(res.body).points.length).toBeGreaterThan(3);
    expect(validatePolygon(res.body.points)).toBeNull();
    const saved = await p.api.post<Geozone>(
      `${base()}/geozones`,
      { type: "polygon", name: "Corridor", color: "#1971c2", points: res.body.points },
      admin,
    );
    expect(saved.status).toBe(200);
  });

  it("refuses a line with no length, a width out of range, and users who may not save geozones", async () => {
    const still = [line[0], line[0]];
    const none = await p.api.post<ErrorBody>(
      `${base()}/geozones/corridor`,
      { line: still, widthM: 80 },
      admin,
    );
    expect(none.status).toBe(400);
    const wide = await p.api.post(`${base()}/geozones/corridor`, { line, widthM: 50_000 }, admin);
    expect(wide.status).toBe(400);
    const op = await p.api.post(`${base()}/geozones/corridor`, { line, widthM: 80 }, operator);
    expect(op.status).toBe(403);
  });
});

describe("DPA limits: GET dpa", () => {
  it("tells an administrator the company's retention and every item", async () => {
    const res = await p.api.get<DpaInfo>(`${base()}/dpa`, admin);
    expect(res.status).toBe(200);
    const dpa = dpaInfoSchema.parse(res.body);
    expect(dpa.groups).toBeNull();
    expect(dpa.role).toBe("ADMIN");
    expect(dpa.items.vehicles.visible).toBe(dpa.items.vehicles.total);
    const [company] = await p.ctx.db.query<{ retention_days: number }>(
      "select retention_days from companies where id = $1",
      [acme],
    );
    expect(dpa.retentionDays).toBe(company?.retention_days);
  });

  it("limits a group-scoped operator to its groups, and counts persons under a timetable", async () => {
    const [person] = await p.ctx.db.query<{ id: number; name: string }>(
      `select p.id, p.name from persons p join groups g on g.id = p.group_id
       where p.company_id = $1 and g.name = 'Toledo' order by p.id limit 1`,
      [acme],
    );
    expect(person).toBeDefined();
    await p.ctx.db.query(
      `insert into worktimes (company_id, name, persons, days, created_ts, updated_ts)
         values ($1, 'Office hours', $2, '[]', 0, 0)`,
      [acme, [person!.id]],
    );
    const res = await p.api.get<DpaInfo>(`${base()}/dpa`, operator);
    expect(res.status).toBe(200);
    expect(res.body.groups?.map((g) => g.name)).toContain("Toledo");
    expect(res.body.groups?.map((g) => g.name)).not.toContain("Madrid");
    expect(res.body.items.vehicles.visible).toBeLessThan(res.body.items.vehicles.total);
    expect(res.body.personTimetables).toEqual([
      expect.objectContaining({ name: "Office hours", persons: [person!.name] }),
    ]);
    expect(res.body.personsAlwaysTracked).toBe(res.body.items.persons.visible - 1);
  });

  it("answers another company's caller nothing of it", async () => {
    const res = await p.api.get(`${base(globex)}/dpa`, admin);
    expect(res.status).toBe(404);
  });
});

describe("sensor history: GET sensorhistory", () => {
  const query = (key: string, itemId = vehicle.id) =>
    `${base()}/sensorhistory?itemType=1&itemId=${itemId}&key=${key}&from=${START - 1}&to=${TEST_START}`;

  it("gives a stored sensor's values over the period, booleans as 0/1, in time order", async () => {
    const res = await p.api.get<SensorHistory>(query("ignition"), admin);
    expect(res.status).toBe(200);
    const history = sensorHistorySchema.parse(res.body);
    expect(history.points.map((pt) => pt.value)).toEqual(fixes.map((f) => (f.ignition ? 1 : 0)));
    expect(history.points.map((pt) => pt.ts)).toEqual(fixes.map((f) => f.ts));
  });

  it("is empty for a sensor never sent, and hidden from users who do not see the item", async () => {
    const none = await p.api.get<SensorHistory>(query("nothing"), admin);
    expect(none.body.points).toEqual([]);
    // The operator sees Toledo only; the vehicle is in Madrid.
    const hidden = await p.api.get(query("ignition"), operator);
    expect(hidden.status).toBe(404);
  });
});

describe("map markers", () => {
  const marker = (over: Record<string, unknown> = {}) => ({
    name: "Gate 3",
    note: "Ring",
    lat: 40.4,
    lng: -3.7,
    ...over,
  });

  it("keeps a personal marker to its author, shows a shared one to the company, and never to another", async () => {
    const mine = await p.api.post<MapMarker>(`${base()}/mapmarkers`, marker(), admin);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ name: "Gate 3", shared: false, mine: true, author: "admin@acme.demo" });
    const shared = await p.api.post<MapMarker>(
      `${base()}/mapmarkers`,
      marker({ name: "Yard", shared: true }),
      admin,
    );
    const seenByOperator = await p.api.get<MapMarker[]>(`${base()}/mapmarkers`, operator);
    expect(seenByOperator.body.map((m) => m.name)).toEqual(["Yard"]);
    expect(seenByOperator.body[0]?.mine).toBe(false);
    const stranger = await p.api.get<MapMarker[]>(
      `${base(globex)}/mapmarkers`,
      await p.api.token("admin@globex.demo"),
    );
    expect(stranger.body).toEqual([]);

    // The operator may not delete the administrator's shared marker, and cannot even find the personal one.
    const notOwn = await p.api.request("DELETE", `${base()}/mapmarkers/id/${shared.body.id}`, {
      token: operator,
    });
    expect(notOwn.status).toBe(403);
    const hidden = await p.api.request("DELETE", `${base()}/mapmarkers/id/${mine.body.id}`, {
      token: operator,
    });
    expect(hidden.status).toBe(404);
    const gone = await p.api.request("DELETE", `${base()}/mapmarkers/id/${mine.body.id}`, { token: admin });
    expect(gone.status).toBe(200);
    const left = await p.api.get<MapMarker[]>(`${base()}/mapmarkers`, admin);
    expect(left.body.map((m) => m.name)).toEqual(["Yard"]);
  });

  it("refuses a marker without a name", async () => {
    const res = await p.api.post<ErrorBody>(`${base()}/mapmarkers`, marker({ name: " " }), admin);
    expect(res.status).toBe(400);
  });
});
