import type { ImportResult } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartitionManager } from "../../src/ingest/partitions.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Users (company and reseller), devices, assignment, configuration state, CSV imports and bulk deletes. */
let p: TestPlatform;
let acme: number;
let globex: number;
let iberia: number;
let admin: string;
let viewer: string;
let reseller: string;
let toledo: number;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  iberia = (
    await p.ctx.db.query<{ id: number }>("select id from resellers where name = 'Iberia Tracking'")
  )[0]!.id;
  toledo = (
    await p.ctx.db.query<{ id: number }>("select id from groups where company_id = $1 and name = 'Toledo'", [
      acme,
    ])
  )[0]!.id;
  admin = await p.api.token("admin@acme.demo");
  viewer = await p.api.token("viewer@acme.demo");
  reseller = await p.api.token("reseller@vigia.demo");
});
afterAll(async () => {
  await p?.close();
});

const users = () => `companies/id/${acme}/users`;
const newUser = (email: string) => ({
  email,
  firstName: "Ana",
  lastName: "García",
  role: "OPERATOR",
  groups: [toledo],
  language: "en",
  timezone: "Europe/Madrid",
  restrictions: { timeRange: { from: "08:00", to: "18:00" }, ip: "10.0.0.0/8" },
});

describe("company users", () => {
  it("creates a user and mails a create-password link", async () => {
    const r = await p.api.post<{ id: number; email: string; groups: number[] }>(
      users(),
      newUser("Ana@Acme.demo"),
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.email).toBe("ana@acme.demo");
    const mail = await p.ctx.db.query<{ body_text: string }>(
      "select body_text from mail_outbox where to_address = 'ana@acme.demo' order by id desc limit 1",
    );
    expect(mail[0]?.body_text).toMatch(/\/password\/set\/[\w-]{43}$/m);
  });

  it("answers the duplicate e-mail with its domain code, never the database's constraint name", async () => {
    const r = await p.api.post<ErrorBody>(users(), newUser("ana@acme.demo"), admin);
    expect(r.status).toBe(409);
    expect(r.body.description).toBe("email.exists");
    expect(JSON.stringify(r.body)).not.toContain("users_email_key");
  });

  it("requires groups unless administrator and refuses reseller roles", async () => {
    const noGroups = await p.api.post<ErrorBody>(users(), { ...newUser("x1@acme.demo"), groups: [] }, admin);
    expect(noGroups.body.fields?.groups).toBe("groupRequired");
    expect(
      (await p.api.post(users(), { ...newUser("x2@acme.demo"), role: "ADMIN", groups: [] }, admin)).status,
    ).toBe(200);
    const role = await p.api.post<ErrorBody>(
      users(),
      { ...newUser("x3@acme.demo"), role: "RESELLER" },
      admin,
    );
    expect(role.body.fields?.role).toBe("invalidRole");
  });

  it("updates, deletes in bulk (never oneself) and scopes by tenant and role", async () => {
    const list = await p.api.get<Record<string, { id: number; email: string }>>(users(), admin);
    const ana = Object.values(list.body).find((u) => u.email === "ana@acme.demo")!;
    const up = await p.api.put<{ firstName: string }>(
      `${users()}/id/${ana.id}`,
      { ...newUser("ana@acme.demo"), firstName: "Anna" },
      admin,
    );
    expect(up.body.firstName).toBe("Anna");
    const me = Object.values(list.body).find((u) => u.email === "admin@acme.demo")!;
    const bulk = await p.api.post<{ deleted: number[]; notDeleted: { id: number; error: string }[] }>(
      `${users()}/deletebulk`,
      { userIds: [ana.id, me.id, 999_999] },
      admin,
    );
    expect(bulk.body.deleted).toEqual([ana.id]);
    expect(bulk.body.notDeleted.map((n) => n.error).sort()).toEqual(["not.found", "user.self"]);
    expect((await p.api.post(users(), newUser("v@acme.demo"), viewer)).status).toBe(403);
    expect((await p.api.get(users(), await p.api.token("subadmin@acme.demo"))).status).toBe(403);
    expect((await p.api.get(`companies/id/${globex}/users`, admin)).status).toBe(404);
  });
});

describe("users import", () => {
  const header = "email,firstName,lastName,description,phone,role,country,language,timezone,groups";

  it("refuses a file with the wrong columns", async () => {
    const r = await p.api.post<ErrorBody>(`${users()}/import`, { csv: "email,name\na@b.co,A\n" }, admin);
    expect(r.status).toBe(400);
    expect(r.body.description).toBe("csv.columnCount");
  });

  it("lists every bad row, commits nothing without confirmation, then only the valid rows", async () => {
    const csv = [
      header,
      "imp1@acme.demo,Imp,One,,,OPERATOR,ES,es,Europe/Madrid,Toledo",
      "not-an-email,Imp,Two,,,OPERATOR,ES,es,Europe/Madrid,Toledo",
      "imp3@acme.demo,Imp,Three,,,OPERATOR,ES,es,Europe/Madrid,",
      "imp1@acme.demo,Imp,Dup,,,OPERATOR,ES,es,Europe/Madrid,Toledo",
      "admin@globex.demo,Taken,Elsewhere,,,ADMIN,ES,es,Europe/Madrid,",
      "short,row",
    ].join("\n");
    const preview = await p.api.post<ImportResult>(`${users()}/import`, { csv }, admin);
    expect(preview.status).toBe(200);
    expect(preview.body.committed).toBe(false);
    expect(preview.body.errors).toEqual([
      { line: 3, errors: ["invalidEmail"] },
      { line: 4, errors: ["groupRequired"] },
      { line: 5, errors: ["duplicateInFile"] },
      { line: 7, errors: ["csv.columnCount"] },
    ]);
    expect(await p.ctx.db.query("select 1 from users where email = 'imp1@acme.demo'")).toHaveLength(0);
    const done = await p.api.post<ImportResult>(`${users()}/import?commit=1`, { csv }, admin);
    expect(done.body.committed).toBe(true);
    expect(done.body.inserted).toEqual(["imp1@acme.demo"]);
    expect(done.body.notInserted).toHaveLength(5);
    expect(done.body.notInserted).toContainEqual({
      line: 6,
      key: "admin@globex.demo",
      errors: ["email.unavailable"],
    });
  });

  it("a dry run answers an address held in another tenant exactly as a free one", async () => {
    const row = (email: string) => `${email},Probe,Row,,,OPERATOR,ES,es,Europe/Madrid,Toledo`;
    const preview = (email: string) =>
      p.api.post<ImportResult>(`${users()}/import`, { csv: [header, row(email)].join("\n") }, admin);
    const taken = await preview("admin@globex.demo");
    const free = await preview("nobody-here@globex.demo");
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(free.body);
    expect(taken.body.valid).toBe(1);
    // An address of this company's own users is an update, known to its administrator anyway.
    const own = await preview("operator@acme.demo");
    expect(own.body.errors).toEqual([]);
  });
});

describe("reseller users", () => {
  it("lists, creates, updates and deletes reseller users inside the tree", async () => {
    const created = await p.api.post<{ id: number; resellerId: number }>(
      "resellers/users",
      { ...newUser("sales2@iberia.demo"), role: "RESELLER", groups: [] },
      reseller,
    );
    expect(created.status).toBe(200);
    expect(created.body.resellerId).toBe(iberia);
    const superRole = await p.api.post<ErrorBody>(
      "resellers/users",
      { ...newUser("s@iberia.demo"), role: "SUPER_RESELLER" },
      reseller,
    );
    expect(superRole.status).toBe(400);
    const list = await p.api.get<Record<string, { email: string }>>("resellers/users", reseller);
    expect(Object.values(list.body).map((u) => u.email)).toContain("sales2@iberia.demo");
    expect(Object.values(list.body).map((u) => u.email)).not.toContain("super@vigia.demo");
    const upd = await p.api.put<{ lastName: string }>(
      `resellers/users/id/${created.body.id}`,
      { ...newUser("sales2@iberia.demo"), role: "RESELLER", lastName: "Ruiz" },
      reseller,
    );
    expect(upd.body.lastName).toBe("Ruiz");
    const superUser = await p.ctx.db.query<{ id: number }>(
      "select id from users where email = 'super@vigia.demo'",
    );
    expect(
      (await p.api.request("DELETE", `resellers/users/id/${superUser[0]!.id}`, { token: reseller })).status,
    ).toBe(404);
    expect(
      (await p.api.request("DELETE", `resellers/users/id/${created.body.id}`, { token: reseller })).status,
    ).toBe(200);
    expect((await p.api.get("resellers/users", admin)).status).toBe(403);
  });

  it("creates staff for a sub-reseller of the own tree, never for a reseller outside it", async () => {
    const id = async (name: string) =>
      (await p.ctx.db.query<{ id: number }>("select id from resellers where name = $1", [name]))[0]!.id;
    const norte = await id("Iberia Norte");
    const atlas = await id("Atlas Telematics");
    const staff = await p.api.post<{ id: number; resellerId: number }>(
      "resellers/users",
      { ...newUser("staff@norte.demo"), role: "RESELLER", resellerId: norte },
      reseller,
    );
    expect(staff.status).toBe(200);
    expect(staff.body.resellerId).toBe(norte);
    const list = await p.api.get<Record<string, { email: string; resellerId: number }>>(
      "resellers/users",
      reseller,
    );
    expect(list.body[staff.body.id]?.resellerId).toBe(norte);
    const outside = await p.api.post<ErrorBody>(
      "resellers/users",
      { ...newUser("staff@atlas.demo"), role: "RESELLER", resellerId: atlas },
      reseller,
    );
    expect(outside.status).toBe(404);
    expect(await p.ctx.db.query("select 1 from users where email = 'staff@atlas.demo'")).toHaveLength(0);
    // Moving an existing staff user out of the tree is refused the same way.
    const moved = await p.api.put<ErrorBody>(
      `resellers/users/id/${staff.body.id}`,
      { ...newUser("staff@norte.demo"), role: "RESELLER", resellerId: atlas },
      reseller,
    );
    expect(moved.status).toBe(404);
  });
});

describe("devices", () => {
  const trackers = () => `resellers/id/${iberia}/trackers`;
  const device = (deviceId: string, typeId = 1) => ({
    deviceId,
    typeId,
    description: "spare",
    sim: { phone: "+34600", type: 1, iccid: "8934", imsi: "", apn: "m2m" },
  });
  let id: number;

  it("validates the identifier per type and stores the special type encoded", async () => {
    const hex = await p.api.post<ErrorBody>(trackers(), device("35630704244101Z"), reseller);
    expect(hex.body.fields?.deviceId).toBe("device.idHex");
    const len = await p.api.post<ErrorBody>(trackers(), device("1234"), reseller);
    expect(len.body.fields?.deviceId).toBe("device.idLength");
    const app = await p.api.post<{ deviceId: string }>(trackers(), device("worker@acme.demo", 5), reseller);
    expect(app.body.deviceId).toBe("worker@acme.demo");
    const stored = await p.ctx.db.query<{ device_id: string }>(
      "select device_id from devices where type_id = 5",
    );
    expect(stored[0]?.device_id).toMatch(/^[0-9a-f]+$/);
    const ok = await p.api.post<{ id: number; sim: { iccidTs: number | null } }>(
      trackers(),
      device("356307042449999"),
      reseller,
    );
    expect(ok.status).toBe(200);
    id = ok.body.id;
    expect((await p.api.post(trackers(), device("356307042449999"), reseller)).status).toBe(409);
  });

  it("assigns to a company and an item, releases, and refuses foreign companies", async () => {
    expect((await p.api.put(`${trackers()}/id/${id}/company`, { companyId: globex }, reseller)).status).toBe(
      404,
    );
    const assigned = await p.api.put<{ companyId: number }>(
      `${trackers()}/id/${id}/company`,
      { companyId: acme },
      reseller,
    );
    expect(assigned.body.companyId).toBe(acme);
    const available = await p.api.get<Record<string, unknown>>(
      `companies/id/${acme}/trackers/available`,
      admin,
    );
    expect(Object.keys(available.body)).toContain(String(id));
    const vehicle = (
      await p.ctx.db.query<{ id: number }>(
        "select id from vehicles where company_id = $1 and group_id = $2 limit 1",
        [acme, toledo],
      )
    )[0]!;
    const onItem = await p.api.put<{ itemId: number; itemName: string }>(
      `companies/id/${acme}/trackers/id/${id}/item`,
      { itemType: 1, itemId: vehicle.id },
      admin,
    );
    expect(onItem.body.itemId).toBe(vehicle.id);
    expect(
      await p.ctx.db.query("select 1 from devices where item_type = 1 and item_id = $1", [vehicle.id]),
    ).toHaveLength(1);
    expect((await p.api.request("DELETE", `${trackers()}/id/${id}`, { token: reseller })).status).toBe(409);
    const off = await p.api.put<{ itemId: number | null }>(
      `${trackers()}/id/${id}/item`,
      { itemId: null },
      reseller,
    );
    expect(off.body.itemId).toBeNull();
  });

  it("keeps a new Teltonika configuration 'awaiting' after a report: only the device's answer settles it", async () => {
    const config = {
      apn: "m2m.movistar",
      server: "gw.vigia.demo",
      port: 2166,
      speedLimit: 120,
      interval: 60,
      sleepTime: 30,
    };
    const bad = await p.api.put<ErrorBody>(
      `companies/id/${acme}/trackers/id/${id}`,
      { ...device("356307042449999"), configActive: true, config: { ...config, server: "" } },
      admin,
    );
    expect(bad.body.fields?.["config.server"]).toBe("required");
    const saved = await p.api.put<{ configState: string }>(
      `companies/id/${acme}/trackers/id/${id}`,
      { ...device("356307042449999"), configActive: true, config },
      admin,
    );
    expect(saved.body.configState).toBe("awaiting");
    p.clock.advance(60_000);
    const now = p.clock.now();
    await new PartitionManager().ensure(p.ctx.db, acme, now);
    await p.ctx.db.query(
      "insert into positions (company_id, device_id, ts, received_ts, lat, lng) values ($1, $2, $3, $3, 40, -3)",
      [acme, id, now],
    );
    // The Codec 12 round trip that makes it 'updated' is in commands/teltonika-gt06-config.test.ts.
    const after = await p.api.get<{ configState: string }>(`companies/id/${acme}/trackers/id/${id}`, admin);
    expect(after.body.configState).toBe("awaiting");
  });

  it("imports devices: every bad row with its error, then the valid ones, and 10,000 rows in one go", async () => {
    const header = "idImei,description,type,phone,simType";
    const csv = [
      header,
      "356307042440001,ok,1,+34600,1",
      ",no imei,1,,",
      `356307042440002,${"d".repeat(801)},1,,`,
      "356307042440003,,77,,",
      `356307042440004,,1,${"6".repeat(33)},`,
      "356307042440005,,1,,5",
      "356307042449999,already there,1,,",
      "356307042440001,dup,1,,",
    ].join("\n");
    const preview = await p.api.post<ImportResult>(`${trackers()}/import`, { csv }, reseller);
    expect(preview.body.errors.map((e) => e.errors[0])).toEqual([
      "errorNoImei",
      "errorDeviceDescriptionLength",
      "errorNoDeviceType",
      "errorPhoneLength",
      "errorNoSimType",
      "device.exists",
      "duplicateInFile",
    ]);
    const done = await p.api.post<ImportResult>(`${trackers()}/import?commit=1`, { csv }, reseller);
    expect(done.body.inserted).toEqual(["356307042440001"]);
    const sim = await p.ctx.db.query<{ sim: { type: number } }>(
      "select sim from devices where device_id = '356307042440001'",
    );
    expect(sim[0]?.sim.type).toBe(1);

    const lines = [header];
    for (let i = 0; i < 10_000; i++) lines.push(`${String(357000000000000 + i)},bulk ${i},FMB920,,`);
    const big = await p.api.post<ImportResult>(
      `${trackers()}/import?commit=1`,
      { csv: lines.join("\n") },
      reseller,
    );
    expect(big.body.errors).toEqual([]);
    expect(big.body.inserted).toHaveLength(10_000);
    const ids = await p.ctx.db.query<{ id: number }>(
      "select id from devices where description like 'bulk %' order by id limit 3",
    );
    const del = await p.api.post<{ deleted: number[] }>(
      `${trackers()}/deletebulk`,
      { deviceIds: ids.map((r) => r.id) },
      reseller,
    );
    expect(del.body.deleted).toHaveLength(3);
    expect((await p.api.post(`${trackers()}/import`, { csv }, admin)).status).toBe(403);
  });
});

describe("companies and resellers admin", () => {
  it("creates a company with its first group, edits it, and keeps the tree rules", async () => {
    const r = await p.api.post<{ id: number; name: string }>(
      `resellers/id/${iberia}/companies`,
      { name: "Nueva SL", resellerId: iberia, state: 1, email: "info@nueva.demo" },
      reseller,
    );
    expect(r.status).toBe(200);
    expect(await p.ctx.db.query("select 1 from groups where company_id = $1", [r.body.id])).toHaveLength(1);
    const up = await p.api.put<{ state: number }>(
      `resellers/id/${iberia}/companies/id/${r.body.id}`,
      { name: "Nueva SL", resellerId: iberia, state: 3 },
      reseller,
    );
    expect(up.body.state).toBe(3);
    const child = await p.api.post<{ id: number }>(
      "resellers",
      { name: "Iberia Sur", parentId: iberia },
      reseller,
    );
    expect(child.status).toBe(200);
    const self = await p.api.put<ErrorBody>(
      `resellers/id/${child.body.id}`,
      { name: "Iberia Sur", parentId: child.body.id },
      reseller,
    );
    expect(self.body.fields?.parentId).toBe("parent.self");
    const root = await p.api.post<ErrorBody>("resellers", { name: "Rogue", parentId: null }, reseller);
    expect(root.status).toBe(400);
    expect((await p.api.request("DELETE", `resellers/id/${child.body.id}`, { token: reseller })).status).toBe(
      200,
    );
  });
});
