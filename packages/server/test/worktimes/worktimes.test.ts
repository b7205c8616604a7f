import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Work timetables (/trackRules), custom states and custom data definitions: written by subadministrators and
 * above, with items checked against the writer's groups, and kept per company.
 */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let subadmin: string;
let globexAdmin: string;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  admin = await p.api.token("admin@acme.demo");
  subadmin = await p.api.token("subadmin@acme.demo");
  globexAdmin = await p.api.token("admin@globex.demo");
});
afterAll(async () => {
  await p?.close();
});

const base = (companyId: number) => `companies/id/${companyId}`;
const days = Array.from({ length: 7 }, (_, id) => ({ id, enabled: id < 5, from: "08:00", to: "17:00" }));
type Worktime = { id: number; name: string; vehicles: number[]; days: unknown[] };

describe("work timetables", () => {
  it("are created, listed, changed and deleted inside the company", async () => {
    const vehicles = await p.api.get<Record<string, unknown>>(`${base(acme)}/vehicles`, admin);
    const [first, second] = Object.keys(vehicles.body).map(Number);
    const created = await p.api.post<Worktime>(
      `${base(acme)}/worktimes`,
      { name: "Office hours", days, vehicles: [first] },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Office hours", vehicles: [first], days });
    const id = created.body.id;

    const updated = await p.api.put<Worktime>(
      `${base(acme)}/worktimes/id/${id}`,
      { name: "Late shift", days, vehicles: [first, second] },
      admin,
    );
    expect(updated.body).toMatchObject({ id, name: "Late shift", vehicles: [first, second] });
    const listed = await p.api.get<Record<string, Worktime>>(`${base(acme)}/worktimes`, admin);
    expect(listed.body[id]?.name).toBe("Late shift");
    expect(
      (await p.api.get<Record<string, Worktime>>(`${base(globex)}/worktimes`, globexAdmin)).body[id],
    ).toBe(undefined);
    expect(
      (await p.api.put(`${base(globex)}/worktimes/id/${id}`, { name: "x", days }, globexAdmin)).status,
    ).toBe(404);

    const removed = await p.api.request("DELETE", `${base(acme)}/worktimes/id/${id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await p.api.get<Record<string, Worktime>>(`${base(acme)}/worktimes`, admin)).body[id]).toBe(
      undefined,
    );
    expect((await p.api.request("DELETE", `${base(acme)}/worktimes/id/${id}`, { token: admin })).status).toBe(
      404,
    );
  });

  it("refuse an item outside the writer's groups or of another company as a field error", async () => {
    const all = await p.api.get<Record<string, unknown>>(`${base(acme)}/vehicles`, admin);
    const own = await p.api.get<Record<string, unknown>>(`${base(acme)}/vehicles`, subadmin);
    const outside = Object.keys(all.body)
      .map(Number)
      .find((id) => !(String(id) in own.body));
    const inside = Number(Object.keys(own.body)[0]);
    expect(outside).toBeDefined();
    const refused = await p.api.post<{ fields?: Record<string, string> }>(
      `${base(acme)}/worktimes`,
      { name: "Outside", days, vehicles: [inside, outside] },
      subadmin,
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("invalidItem");
    const accepted = await p.api.post(
      `${base(acme)}/worktimes`,
      { name: "Inside", days, vehicles: [inside] },
      subadmin,
    );
    expect(accepted.status).toBe(200);
    const foreign = await p.api.post(
      `${base(globex)}/worktimes`,
      { name: "F", days, vehicles: [inside] },
      globexAdmin,
    );
    expect(foreign.status).toBe(400);
  });
});

describe("custom states and custom data definitions", () => {
  it("are saved per item kind, each kind keeping the others", async () => {
    const vehicleStates = [{ id: 1, description: "In workshop", color: "#ff0000" }];
    const assetStates = [{ id: 2, description: "Rented", color: "#00ff00" }];
    expect(
      (await p.api.put(`${base(acme)}/states`, { kind: "vehicle", states: vehicleStates }, admin)).status,
    ).toBe(200);
    expect(
      (await p.api.put(`${base(acme)}/states`, { kind: "asset", states: assetStates }, admin)).status,
    ).toBe(200);
    const states = await p.api.get<Record<string, Record<string, unknown>>>(`${base(acme)}/states`, admin);
    expect(states.body.vehicle?.["1"]).toEqual(vehicleStates[0]);
    expect(states.body.asset?.["2"]).toEqual(assetStates[0]);
    expect(states.body.vehicle?.["0"]).toBeDefined();

    const vehicleFields = [{ key: "fleet_no", label: "Fleet number", type: "text" }];
    const personFields = [{ key: "badge", label: "Badge", type: "number" }];
    await p.api.put(`${base(acme)}/customdatas`, { kind: "vehicle", fields: vehicleFields }, admin);
    await p.api.put(`${base(acme)}/customdatas`, { kind: "person", fields: personFields }, admin);
    const datas = await p.api.get<Record<string, unknown>>(`${base(acme)}/customdatas`, admin);
    expect(datas.body.vehicle).toEqual(vehicleFields);
    expect(datas.body.person).toEqual(personFields);
    const other = await p.api.get<Record<string, unknown>>(`${base(globex)}/customdatas`, globexAdmin);
    expect(other.body.vehicle).toBe(undefined);
  });
});
