import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Costs: CRUD per role, group scope, tenant isolation, CSV import, totals per currency. */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let operator: string;
let viewer: string;
let subadmin: string;
let globexAdmin: string;
let toledoVehicle: { id: number; plate: string };
let madridVehicle: { id: number; plate: string };

interface CostBody {
  id: number;
  amount: number;
  currency: string;
  vehicleId: number | null;
}

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  // The operator is read-only here: operators still write costs.
  await p.ctx.db.query("update users set read_only = true where email = 'operator@acme.demo'");
  admin = await p.api.token("admin@acme.demo");
  operator = await p.api.token("operator@acme.demo");
  viewer = await p.api.token("viewer@acme.demo");
  subadmin = await p.api.token("subadmin@acme.demo");
  globexAdmin = await p.api.token("admin@globex.demo");
  const vehicle = async (group: string) =>
    (
      await p.ctx.db.query<{ id: number; plate: string }>(
        `select v.id, v.plate from vehicles v join groups g on g.id = v.group_id
         where v.company_id = $1 and g.name = $2 order by v.id limit 1`,
        [acme, group],
      )
    )[0]!;
  toledoVehicle = await vehicle("Toledo");
  madridVehicle = await vehicle("Madrid Norte");
});
afterAll(async () => {
  await p?.close();
});

const base = (companyId: number) => `companies/id/${companyId}/costs`;
const cost = (extra: Record<string, unknown> = {}) => ({
  name: "Oil change",
  typeId: 1,
  quantity: 2,
  unitPrice: 50,
  tax: 21,
  currency: "EUR",
  date: "2026-01-10",
  ...extra,
});

describe("costs", () => {
  it("a read-only operator writes costs of its groups; a read-only user writes nothing", async () => {
    const created = await p.api.post<CostBody>(base(acme), cost({ vehicleId: toledoVehicle.id }), operator);
    expect(created.status).toBe(200);
    expect(created.body.amount).toBe(121);
    const outside = await p.api.post<ErrorBody>(base(acme), cost({ vehicleId: madridVehicle.id }), operator);
    expect(outside.status).toBe(400);
    expect(outside.body.fields).toEqual({ vehicleId: "unknownItem" });
    expect((await p.api.post(base(acme), cost(), viewer)).status).toBe(403);
    const edited = await p.api.put<CostBody>(
      `${base(acme)}/id/${created.body.id}`,
      cost({ quantity: 1 }),
      operator,
    );
    expect(edited.body.amount).toBe(60.5);
    expect(
      (await p.api.request("DELETE", `${base(acme)}/id/${created.body.id}`, { token: viewer })).status,
    ).toBe(403);
  });

  it("validates the fields (quantity non-zero, name ≤ 100, a real date, a known currency)", async () => {
    for (const bad of [
      { quantity: 0 },
      { name: "x".repeat(101) },
      { date: "2026-02-30" },
      { currency: "XXX" },
    ])
      expect((await p.api.post(base(acme), cost(bad), admin)).status).toBe(400);
  });

  it("shows a sub-admin only costs of its groups and keeps tenants apart", async () => {
    const madrid = await p.api.post<CostBody>(base(acme), cost({ vehicleId: madridVehicle.id }), admin);
    const toledo = await p.api.post<CostBody>(base(acme), cost({ vehicleId: toledoVehicle.id }), admin);
    const seen = (await p.api.get<CostBody[]>(base(acme), subadmin)).body.map((c) => c.id);
    expect(seen).toContain(madrid.body.id);
    expect(seen).not.toContain(toledo.body.id);
    expect((await p.api.put(`${base(acme)}/id/${toledo.body.id}`, cost(), subadmin)).status).toBe(404);
    expect([403, 404]).toContain((await p.api.get(base(acme), globexAdmin)).status);
    expect((await p.api.get<CostBody[]>(base(globex), globexAdmin)).body).toEqual([]);
    expect((await p.api.put(`${base(globex)}/id/${toledo.body.id}`, cost(), globexAdmin)).status).toBe(404);
    // A vehicle of another company is unknown, not borrowed.
    expect((await p.api.post(base(globex), cost({ vehicleId: madridVehicle.id }), globexAdmin)).status).toBe(
      400,
    );
  });

  it("refuses to sum different currencies and totals per currency instead", async () => {
    await p.api.post(base(acme), cost({ currency: "USD", date: "2026-01-11", unitPrice: 10, tax: 0 }), admin);
    const mixed = await p.api.get<ErrorBody>(`${base(acme)}/sum`, admin);
    expect(mixed.status).toBe(409);
    expect(mixed.body.description).toBe("costs.currencies");
    const usd = await p.api.get<{ currency: string; amount: number }>(
      `${base(acme)}/sum?currency=USD`,
      admin,
    );
    expect(usd.body).toMatchObject({ currency: "USD", amount: 20 });
    const byType = await p.api.get<{ key: string; currency: string; amount: number }[]>(
      `${base(acme)}/totals?by=type`,
      admin,
    );
    expect(new Set(byType.body.map((t) => t.currency))).toEqual(new Set(["EUR", "USD"]));
    const maintenanceTotals = byType.body.filter((t) => t.key === "1");
    expect(maintenanceTotals.map((t) => t.currency).sort()).toEqual(["EUR", "USD"]);
    const byMonth = await p.api.get<{ key: string }[]>(`${base(acme)}/totals?by=month`, admin);
    expect(byMonth.body.map((t) => t.key)).toContain("2026-01");
    expect(byMonth.body.every((t) => /^\d{4}-\d{2}$/.test(t.key))).toBe(true);
  });

  it("imports a CSV: a preview lists each bad line, commit writes all the good ones at once", async () => {
    const csv = [
      "name,type,quantity,unitPrice,tax,currency,date,vehicle,driver,asset,description",
      `Tyres,repair,4,120,21,EUR,2026/01/05,${toledoVehicle.plate},,,`,
      "Toll,toll,0,3.5,0,EUR,2026/01/06,,,,",
      "Tax,tax,1,abc,0,EUR,2026/13/01,NO-SUCH-PLATE,,,",
      "Ferry,toll,1,40,0,EUR,2026/01/07,,,Pallet P-102,",
    ].join("\n");
    const before = (await p.api.get<CostBody[]>(base(acme), operator)).body.length;
    const preview = await p.api.post<{ valid: number; errors: { line: number; errors: string[] }[] }>(
      `${base(acme)}/import`,
      { csv },
      operator,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.valid).toBe(2);
    expect(preview.body.errors).toEqual([
      { line: 3, errors: ["quantity.zero"] },
      { line: 4, errors: ["unitPrice.numeric", "invalidDate", "unknownVehicle:NO-SUCH-PLATE"] },
    ]);
    expect((await p.api.get<CostBody[]>(base(acme), operator)).body.length).toBe(before);
    const committed = await p.api.post<{ committed: boolean }>(
      `${base(acme)}/import?commit=1`,
      { csv },
      operator,
    );
    expect(committed.body.committed).toBe(true);
    expect((await p.api.get<CostBody[]>(base(acme), operator)).body.length).toBe(before + 2);
    expect((await p.api.post(`${base(acme)}/import`, { csv }, viewer)).status).toBe(403);
  });

  it("bulk delete needs the typed count to match", async () => {
    const ids = (await p.api.get<CostBody[]>(base(acme), admin)).body.map((c) => c.id);
    const wrong = await p.api.post<ErrorBody>(
      `${base(acme)}/deletebulk`,
      { ids, count: ids.length - 1 },
      admin,
    );
    expect(wrong.body.description).toBe("costs.deleteCount");
    const done = await p.api.post<{ deleted: number[] }>(
      `${base(acme)}/deletebulk`,
      { ids, count: ids.length },
      admin,
    );
    expect(done.body.deleted.length).toBe(ids.length);
    expect((await p.api.get<CostBody[]>(base(acme), admin)).body).toEqual([]);
  });
});
