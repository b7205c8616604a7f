import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Items, groups, timetables, custom states and the log, through the real API. */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let viewer: string;
let subadmin: string;
let operator: string;
const groups: Record<string, number> = {};

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  for (const g of await p.ctx.db.query<{ id: number; name: string }>(
    "select id, name from groups where company_id = $1",
    [acme],
  ))
    groups[g.name] = g.id;
  admin = await p.api.token("admin@acme.demo");
  viewer = await p.api.token("viewer@acme.demo");
  subadmin = await p.api.token("subadmin@acme.demo");
  operator = await p.api.token("operator@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

const base = () => `companies/id/${acme}`;

describe("vehicles", () => {
  let id: number;
  const body = () => ({
    plate: "9999-ZZZ",
    name: "Test truck",
    brand: "Volvo",
    model: "FH",
    type: "truck",
    chassisNumber: "VIN123",
    fuelTank: 400,
    engineType: 1,
    initialMileage: 1000,
    initialHours: 10,
    odometerSource: 2,
    fuelSource: 2,
    consumption: { average: 30, highway: 28, urban: 35, idle: 2 },
    color: "#475f7b",
    group: groups.Madrid,
    customData: { fleetNo: "T-1" },
    intrack: true,
  });

  it("creates a vehicle with every field, fuel factor defaulting to 1, and logs it", async () => {
    const r = await p.api.post<{
      id: number;
      plate: string;
      fuelFactor: number;
      group: number;
      consumption: object;
    }>(`${base()}/vehicles`, body(), admin);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      plate: "9999-ZZZ",
      fuelFactor: 1,
      group: groups.Madrid,
      consumption: { urban: 35 },
    });
    id = r.body.id;
    const log = await p.api.get<Record<string, { entity: string; action: string }>>(`${base()}/log`, admin);
    expect(Object.values(log.body).some((l) => l.entity === "vehicle" && l.action === "create")).toBe(true);
  });

  it("answers field errors for a bad plate and 409 for a duplicate plate", async () => {
    const bad = await p.api.post<ErrorBody>(`${base()}/vehicles`, { ...body(), plate: "99 zz" }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.plate).toBe("invalidPlate");
    const dup = await p.api.post<ErrorBody>(`${base()}/vehicles`, body(), admin);
    expect(dup.status).toBe(409);
    expect(dup.body.fields?.plate).toBe("plate.duplicate");
  });

  it("requires a group of the company", async () => {
    const r = await p.api.post<ErrorBody>(
      `${base()}/vehicles`,
      { ...body(), plate: "G-1", group: undefined },
      admin,
    );
    expect(r.body.fields?.group).toBe("groupRequired");
    const foreign = await p.ctx.db.query<{ id: number }>(
      "select id from groups where company_id = $1 limit 1",
      [globex],
    );
    const r2 = await p.api.post<ErrorBody>(
      `${base()}/vehicles`,
      { ...body(), plate: "G-2", group: foreign[0]!.id },
      admin,
    );
    expect(r2.status).toBe(400);
  });

  it("updates, assigns one driver at a time and deletes", async () => {
    const drivers = await p.ctx.db.query<{ id: number }>(
      "select id from drivers where company_id = $1 order by id limit 1",
      [acme],
    );
    const driverId = drivers[0]!.id;
    const r = await p.api.put<{ driver: { id: number } | null; brand: string }>(
      `${base()}/vehicles/id/${id}`,
      { ...body(), brand: "Scania", driverId },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.brand).toBe("Scania");
    expect(r.body.driver?.id).toBe(driverId);
    const holders = await p.ctx.db.query("select id from vehicles where driver_id = $1", [driverId]);
    expect(holders).toHaveLength(1);
    const del = await p.api.request("DELETE", `${base()}/vehicles/id/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await p.api.get(`${base()}/vehicles/id/${id}`, admin)).status).toBe(404);
  });

  it("refuses read-only users (403 read.only), operators (403) and other tenants (404)", async () => {
    const ro = await p.api.post<ErrorBody>(`${base()}/vehicles`, { ...body(), plate: "RO-1" }, viewer);
    expect(ro.status).toBe(403);
    expect(ro.body.description).toBe("read.only");
    expect((await p.api.post(`${base()}/vehicles`, { ...body(), plate: "OP-1" }, operator)).status).toBe(403);
    const globexAdmin = await p.api.token("admin@globex.demo");
    expect((await p.api.post(`${base()}/vehicles`, { ...body(), plate: "GX-1" }, globexAdmin)).status).toBe(
      404,
    );
  });

  it("keeps a subadministrator inside their groups", async () => {
    const own = await p.api.post(
      `${base()}/vehicles`,
      { ...body(), plate: "SUB-1", group: groups["Madrid Norte"] },
      subadmin,
    );
    expect(own.status).toBe(200);
    const outside = await p.api.post<ErrorBody>(
      `${base()}/vehicles`,
      { ...body(), plate: "SUB-2", group: groups.Toledo },
      subadmin,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.fields?.group).toBe("group.outOfScope");
    const toledoVehicle = await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where group_id = $1 limit 1",
      [groups.Toledo!],
    );
    expect((await p.api.get(`${base()}/vehicles/id/${toledoVehicle[0]!.id}`, subadmin)).status).toBe(404);
  });
});

describe("assets, persons and drivers", () => {
  it("keeps asset and person names unique", async () => {
    const a = { name: "Pallet 77", type: "pallet", group: groups.Madrid };
    expect((await p.api.post(`${base()}/assets`, a, admin)).status).toBe(200);
    const dup = await p.api.post<ErrorBody>(`${base()}/assets`, { ...a, name: "pallet 77" }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.fields?.name).toBe("name.duplicate");
    const person = { name: "Nuevo Operario", group: groups.Madrid };
    expect((await p.api.post(`${base()}/persons`, person, admin)).status).toBe(200);
    expect((await p.api.post(`${base()}/persons`, person, admin)).status).toBe(409);
  });

  it("answers personId.already.asigned for a person held by another driver", async () => {
    const persons = await p.ctx.db.query<{ id: number }>(
      "select id from persons where company_id = $1 order by id limit 1",
      [acme],
    );
    const personId = persons[0]!.id;
    const first = await p.api.post(
      `${base()}/drivers`,
      { name: "Driver A", personId, email: "a@acme.demo" },
      admin,
    );
    expect(first.status).toBe(200);
    const second = await p.api.post<ErrorBody>(`${base()}/drivers`, { name: "Driver B", personId }, admin);
    expect(second.status).toBe(409);
    expect(second.body.description).toContain("personId.already.asigned");
    const badMail = await p.api.post<ErrorBody>(
      `${base()}/drivers`,
      { name: "Driver C", email: "nope" },
      admin,
    );
    expect(badMail.body.fields?.email).toBe("invalidEmail");
  });
});

describe("groups", () => {
  it("creates a tree and refuses itself or a descendant as parent", async () => {
    const root = await p.api.post<{ id: number }>(
      `${base()}/groups`,
      { name: "Norte", parentId: null },
      admin,
    );
    const child = await p.api.post<{ id: number }>(
      `${base()}/groups`,
      { name: "Bilbao", parentId: root.body.id },
      admin,
    );
    const self = await p.api.put<ErrorBody>(
      `${base()}/groups/id/${root.body.id}`,
      { name: "Norte", parentId: root.body.id },
      admin,
    );
    expect(self.body.fields?.parentId).toBe("parent.self");
    const cycle = await p.api.put<ErrorBody>(
      `${base()}/groups/id/${root.body.id}`,
      { name: "Norte", parentId: child.body.id },
      admin,
    );
    expect(cycle.body.fields?.parentId).toBe("parent.descendant");
    const tree = await p.api.get<Record<string, { allChildren: number[] }>>(`${base()}/groups/tree`, admin);
    expect(tree.body[root.body.id]?.allChildren).toEqual([child.body.id]);
    expect(
      (await p.api.request("DELETE", `${base()}/groups/id/${child.body.id}`, { token: admin })).status,
    ).toBe(200);
  });

  it("is for administrators only and refuses deleting a group with items", async () => {
    expect((await p.api.post(`${base()}/groups`, { name: "X" }, subadmin)).status).toBe(403);
    const r = await p.api.request<ErrorBody>("DELETE", `${base()}/groups/id/${groups.Toledo}`, {
      token: admin,
    });
    expect(r.status).toBe(409);
    expect(r.body.description).toBe("group.notEmpty");
  });
});

describe("timetables, custom states and custom data", () => {
  const days = [1, 2, 3, 4, 5, 6, 0].map((id) => ({
    id,
    enabled: id > 0 && id < 6,
    from: "08:00",
    to: "17:00",
  }));

  it("stores a timetable per weekday with its items", async () => {
    const vehicles = await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where company_id = $1 limit 2",
      [acme],
    );
    const r = await p.api.post<{ id: number; days: unknown[] }>(
      `${base()}/worktimes`,
      { name: "Office", days, vehicles: vehicles.map((v) => v.id) },
      admin,
    );
    expect(r.status).toBe(200);
    const list = await p.api.get<Record<string, { name: string }>>(`${base()}/worktimes`, admin);
    expect(list.body[r.body.id]?.name).toBe("Office");
    const bad = await p.api.post(`${base()}/worktimes`, { name: "Bad", days: days.slice(1) }, admin);
    expect(bad.status).toBe(400);
  });

  it("saves custom states (0 stays the white no-state) and sets one on an item", async () => {
    const r = await p.api.put(
      `${base()}/states`,
      { kind: "vehicle", states: [{ id: 1, description: "In workshop", color: "#ff0000" }] },
      admin,
    );
    expect(r.status).toBe(200);
    const states = await p.api.get<Record<string, Record<string, { color: string }>>>(
      `${base()}/states`,
      admin,
    );
    expect(states.body.vehicle?.["0"]?.color).toBe("#ffffff");
    expect(states.body.vehicle?.["1"]?.color).toBe("#ff0000");
    const reserved = await p.api.put(
      `${base()}/states`,
      { kind: "vehicle", states: [{ id: 0, description: "x", color: "#000" }] },
      admin,
    );
    expect(reserved.status).toBe(400);
    const vehicle = await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where company_id = $1 limit 1",
      [acme],
    );
    const set = await p.api.put(`${base()}/vehicles/id/${vehicle[0]!.id}/customState`, { stateId: 1 }, admin);
    expect(set.status).toBe(200);
    // Kept in the live state, which is what a map binding the company (or a restart) starts from.
    expect(p.services.live.state(1, vehicle[0]!.id)?.customStateId).toBe(1);
    const fields = await p.api.put(
      `${base()}/customdatas`,
      { kind: "vehicle", fields: [{ key: "fleetNo", label: "Fleet no." }] },
      admin,
    );
    expect(fields.status).toBe(200);
    expect((await p.api.put(`${base()}/customdatas`, { kind: "vehicle", fields: [] }, viewer)).status).toBe(
      403,
    );
  });

  it("shows the log to administrators only", async () => {
    expect((await p.api.get(`${base()}/log`, admin)).status).toBe(200);
    expect((await p.api.get(`${base()}/log`, subadmin)).status).toBe(403);
  });
});
