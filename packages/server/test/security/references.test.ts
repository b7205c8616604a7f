import { type AlarmRuleInput, emptyAlarmRule } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlParam } from "../../src/kernel/db/database.ts";
import { loadPrincipal } from "../../src/kernel/tenancy/principal.ts";
import { type ReferenceKind, unreachableIds } from "../../src/kernel/tenancy/references.ts";
import { resolveCompanyScope } from "../../src/kernel/tenancy/scope.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Stored definitions name only what the caller could pick: alarm rules, periodic reports and indoor maps refuse
 * ids of another company's (or, for a group-scoped caller, another group's) vehicles, groups, places, users and
 * files with the 400 every item endpoint gives, `invalidItem` under the field.
 */
let p: TestPlatform;
let acme = 0;
let admin = "";
let subadmin = "";
const own = { vehicle: 0, group: 0, geozone: 0, user: 0, driver: 0, file: 0 };
const foreign = { vehicle: 0, group: 0, geozone: 0, user: 0, driver: 0, file: 0, asset: 0 };
let toledoVehicle = 0;

const one = async (sql: string, params: readonly SqlParam[]) =>
  Number((await p.ctx.db.query<{ id: number }>(sql, params))[0]!.id);

async function fileOf(companyId: number, key: string): Promise<number> {
  return one(
    `insert into stored_files (company_id, storage_key, name, mime, size, created_ts)
     values ($1, $2, 'plan.png', 'image/png', 1, 0) returning id`,
    [companyId, key],
  );
}

async function rowsOf(companyId: number, into: typeof own) {
  into.vehicle = await one("select id from vehicles where company_id = $1 order by id limit 1", [companyId]);
  into.group = await one("select id from groups where company_id = $1 order by id limit 1", [companyId]);
  into.user = await one("select id from users where company_id = $1 order by id limit 1", [companyId]);
  into.driver = await one("select id from drivers where company_id = $1 order by id limit 1", [companyId]);
  into.geozone = await one(
    `insert into geozones (company_id, name, color, type, lat, lng, radius, created_ts, updated_ts)
     values ($1, 'Depot', '#ff0000', 'circle', 40, -3, 100, 0, 0) returning id`,
    [companyId],
  );
}

beforeAll(async () => {
  p = await startTestPlatform();
  acme = await one("select id from companies where name = 'Acme Logistics'", []);
  const globex = await one("select id from companies where name = 'Globex Security'", []);
  await rowsOf(acme, own);
  await rowsOf(globex, foreign);
  foreign.asset = await one("select id from assets where company_id = $1 order by id limit 1", [globex]);
  own.file = await fileOf(acme, "test-own-plan");
  foreign.file = await fileOf(globex, "test-foreign-plan");
  toledoVehicle = await one(
    `select v.id from vehicles v join groups g on g.id = v.group_id
     where v.company_id = $1 and g.name = 'Toledo' order by v.id limit 1`,
    [acme],
  );
  admin = await p.api.token("admin@acme.demo");
  subadmin = await p.api.token("subadmin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

const path = (rest: string) => `companies/id/${acme}/${rest}`;

function rule(patch: (r: AlarmRuleInput) => void = () => {}): AlarmRuleInput {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [own.vehicle];
  r.info.name = "References";
  r.info.priority = 2;
  r.info.family = 12;
  r.info.value = 3_600_000;
  patch(r);
  return r;
}

async function refused(status: number, body: ErrorBody, field: string): Promise<void> {
  expect(status).toBe(400);
  expect(body.description).toBe("validation.failed");
  expect(body.fields?.[field]).toBe("invalidItem");
}

describe("alarm rules name only the company's own rows", () => {
  const cases: [string, (r: AlarmRuleInput) => void][] = [
    ["items.vehicleIds", (r) => (r.items.vehicleIds = [own.vehicle, foreign.vehicle])],
    ["items.itemIds", (r) => (r.items.itemIds = [foreign.vehicle])],
    ["items.groupIds", (r) => (r.items.groupIds = [foreign.group])],
    ["notification.userIds", (r) => (r.notification.userIds = [foreign.user])],
    ["geozones.geozoneIds", (r) => (r.geozones = { active: true, in: true, geozoneIds: [foreign.geozone] })],
    [
      "info.geozones.geozoneIds",
      (r) => {
        r.info.family = 5;
        r.info.value = null;
        r.info.geozones = { geozoneIds: [foreign.geozone], toIn: true, toOut: false };
      },
    ],
  ];
  for (const [field, patch] of cases)
    it(`refuses another company's id in ${field}, on create and on update`, async () => {
      const created = await p.api.post<ErrorBody>(path("alarms"), rule(patch), admin);
      await refused(created.status, created.body, field);
      const ok = await p.api.post<{ id: number }>(path("alarms"), rule(), admin);
      expect(ok.status).toBe(200);
      const updated = await p.api.put<ErrorBody>(path(`alarms/id/${ok.body.id}`), rule(patch), admin);
      await refused(updated.status, updated.body, field);
      expect((await p.api.request("DELETE", path(`alarms/id/${ok.body.id}`), { token: admin })).status).toBe(
        200,
      );
    });

  it("lets a rule keep naming a vehicle deleted since, but not add one", async () => {
    const doomed = await one(
      `insert into vehicles (company_id, group_id, name, plate, created_ts, updated_ts)
       select company_id, group_id, 'Doomed', 'DOOM-1', 0, 0 from vehicles where id = $1 returning id`,
      [own.vehicle],
    );
    const created = await p.api.post<{ id: number }>(
      path("alarms"),
      rule((r) => (r.items.vehicleIds = [own.vehicle, doomed])),
      admin,
    );
    expect(created.status).toBe(200);
    await p.ctx.db.query("delete from vehicles where id = $1", [doomed]);
    const kept = rule((r) => {
      r.items.vehicleIds = [own.vehicle, doomed];
      r.info.name = "Renamed";
    });
    expect((await p.api.put(path(`alarms/id/${created.body.id}`), kept, admin)).status).toBe(200);
    const added = await p.api.put<ErrorBody>(
      path(`alarms/id/${created.body.id}`),
      rule((r) => (r.items.vehicleIds = [own.vehicle, doomed, foreign.vehicle])),
      admin,
    );
    await refused(added.status, added.body, "items.vehicleIds");
  });

  it("accepts the company's own rows in every field", async () => {
    const r = rule((x) => {
      x.items.groupIds = [own.group];
      x.notification.userIds = [own.user];
      x.geozones = { active: true, in: true, geozoneIds: [own.geozone] };
    });
    const created = await p.api.post<{ id: number }>(path("alarms"), r, admin);
    expect(created.status).toBe(200);
    expect(
      (await p.api.request("DELETE", path(`alarms/id/${created.body.id}`), { token: admin })).status,
    ).toBe(200);
  });
});

describe("periodic reports select only the company's own items", () => {
  const schedule = (selection: Record<string, number[]>) => ({
    name: "Daily distance",
    reportType: "summaryDaily",
    selection,
    frequency: "daily",
    weekDay: 1,
    monthDay: 1,
    hour: 7,
    timezone: "Europe/Madrid",
    recipients: ["fleet@acme.test"],
    format: "csv",
  });
  const cases: [string, () => Record<string, number[]>][] = [
    ["selection.vehicleIds", () => ({ vehicleIds: [own.vehicle, foreign.vehicle] })],
    ["selection.groupIds", () => ({ groupIds: [foreign.group] })],
    ["selection.assetIds", () => ({ assetIds: [foreign.asset] })],
    ["selection.driverIds", () => ({ driverIds: [foreign.driver] })],
  ];
  it("refuses another company's ids on create and update, accepts its own", async () => {
    for (const [field, selection] of cases) {
      const created = await p.api.post<ErrorBody>(path("periodic"), schedule(selection()), admin);
      await refused(created.status, created.body, field);
    }
    const ok = await p.api.post<{ id: number }>(
      path("periodic"),
      schedule({ vehicleIds: [own.vehicle], driverIds: [own.driver], groupIds: [own.group] }),
      admin,
    );
    expect(ok.status).toBe(200);
    const updated = await p.api.put<ErrorBody>(
      path(`periodic/id/${ok.body.id}`),
      schedule({ groupIds: [foreign.group] }),
      admin,
    );
    await refused(updated.status, updated.body, "selection.groupIds");
  });
});

describe("indoor maps show only the company's own floor plans", () => {
  it("refuses another company's stored file as the plan, accepts its own", async () => {
    const map = (photoUrl: string) => ({ name: "Warehouse", level: 0, photoUrl });
    const created = await p.api.post<ErrorBody>(path("imaps"), map(`file:${foreign.file}`), subadmin);
    await refused(created.status, created.body, "photoUrl");
    const ok = await p.api.post<{ id: number }>(path("imaps"), map(`file:${own.file}`), subadmin);
    expect(ok.status).toBe(200);
    const updated = await p.api.put<ErrorBody>(
      path(`imaps/id/${ok.body.id}`),
      map(`file:${foreign.file}`),
      subadmin,
    );
    await refused(updated.status, updated.body, "photoUrl");
  });
});

describe("a group-scoped caller names only their groups' rows", () => {
  it("Madrid's scope reaches its own vehicles and shared places, not Toledo's vehicle or group", async () => {
    const principal = await loadPrincipal(
      p.ctx.db,
      await one("select id from users where email = $1", ["subadmin@acme.demo"]),
    );
    const scope = await resolveCompanyScope(p.ctx.db, principal!, acme);
    const toledo = await one("select id from groups where company_id = $1 and name = 'Toledo'", [acme]);
    const madridVehicle = await one(
      "select id from vehicles where company_id = $1 and group_id = any($2::int[]) order by id limit 1",
      [acme, scope.groupIds],
    );
    const reach = (kind: ReferenceKind, ids: number[]) =>
      unreachableIds(p.ctx.db, scope, { field: "x", kind, ids });
    expect(await reach("vehicles", [madridVehicle, toledoVehicle])).toEqual([toledoVehicle]);
    expect(await reach("groups", [toledo, ...(scope.groupIds ?? [])])).toEqual([toledo]);
    expect(await reach("vehicles", [foreign.vehicle])).toEqual([foreign.vehicle]);
  });
});

describe("group scope on alarm rules and share links", () => {
  const vehicleIn = (group: string) =>
    one(
      `select v.id from vehicles v join groups g on g.id = v.group_id
       where v.company_id = $1 and g.name = $2 order by v.id limit 1`,
      [acme, group],
    );
  const partner = { email: "ops@partner.test", smsPhone: "", language: "en", timezone: "Europe/Madrid" };

  it("an operator of Toledo reads only the rules that watch nothing outside Toledo, without outside recipients", async () => {
    const operator = await p.api.token("operator@acme.demo");
    const madrid = await vehicleIn("Madrid Norte");
    const madridGroupId = await one("select id from groups where company_id = $1 and name = 'Madrid'", [
      acme,
    ]);
    const inside = await p.api.post<{ id: number }>(
      path("alarms"),
      rule((r) => {
        r.items.vehicleIds = [toledoVehicle];
        r.notification.extUsers = [partner];
      }),
      admin,
    );
    const across = await p.api.post<{ id: number }>(
      path("alarms"),
      rule((r) => (r.items.vehicleIds = [toledoVehicle, madrid])),
      admin,
    );
    const madridGroup = await p.api.post<{ id: number }>(
      path("alarms"),
      rule((r) => {
        r.items.vehicleIds = [];
        r.items.groupIds = [madridGroupId];
      }),
      admin,
    );
    for (const created of [inside, across, madridGroup]) expect(created.status).toBe(200);

    const listed = await p.api.get<Record<string, AlarmRuleInput & { id: number }>>(path("alarms"), operator);
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body)).toContain(String(inside.body.id));
    expect(Object.keys(listed.body)).not.toContain(String(across.body.id));
    expect(Object.keys(listed.body)).not.toContain(String(madridGroup.body.id));
    expect(listed.body[inside.body.id]?.notification.extUsers).toEqual([]);
    expect((await p.api.get(path(`alarms/id/${across.body.id}`), operator)).status).toBe(404);
    expect((await p.api.get(path(`alarms/id/${madridGroup.body.id}`), operator)).status).toBe(404);
    const single = await p.api.get<AlarmRuleInput>(path(`alarms/id/${inside.body.id}`), operator);
    expect(single.status).toBe(200);
    expect(single.body.notification.extUsers).toEqual([]);
    // The administrator sees every rule with its recipients.
    const all = await p.api.get<Record<string, AlarmRuleInput>>(path("alarms"), admin);
    expect(Object.keys(all.body)).toEqual(
      expect.arrayContaining([inside, across, madridGroup].map((c) => String(c.body.id))),
    );
    expect(all.body[inside.body.id]?.notification.extUsers).toEqual([partner]);
  });

  it("an operator of Toledo lists and revokes only the share links of Toledo's items", async () => {
    const operator = await p.api.token("operator@acme.demo");
    const madrid = await vehicleIn("Madrid Norte");
    const share = (ids: number[], token: string) =>
      p.api.post<{ id: number }>(
        path("sharedroutes"),
        { items: ids.map((itemId) => ({ itemType: 1, itemId })), validity: "1d" },
        token,
      );
    const toledoLink = await share([toledoVehicle], admin);
    const madridLink = await share([madrid], admin);
    const bothLink = await share([toledoVehicle, madrid], admin);
    for (const created of [toledoLink, madridLink, bothLink]) expect(created.status).toBe(200);
    const listed = await p.api.get<{ id: number }[]>(path("sharedroutes"), operator);
    expect(listed.status).toBe(200);
    const ids = listed.body.map((l) => l.id);
    expect(ids).toContain(toledoLink.body.id);
    expect(ids).not.toContain(madridLink.body.id);
    expect(ids).not.toContain(bothLink.body.id);
    const revoke = (id: number) =>
      p.api.request("DELETE", path(`sharedroutes/id/${id}`), { token: operator });
    expect((await revoke(madridLink.body.id)).status).toBe(404);
    expect((await revoke(bothLink.body.id)).status).toBe(404);
    expect((await revoke(toledoLink.body.id)).status).toBe(200);
    const adminList = await p.api.get<{ id: number }[]>(path("sharedroutes"), admin);
    expect(adminList.body.map((l) => l.id)).toEqual(
      expect.arrayContaining([madridLink.body.id, bothLink.body.id]),
    );
  });
});
