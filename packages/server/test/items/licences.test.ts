import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Licences count: a vehicle or asset beyond the company's licence is refused with the limit named, through the
 * reseller's calls and the company's own; the companies list and the overview show what is used.
 */
let p: TestPlatform;
let iberia = 0;
let acme = 0;
let reseller = "";
let company = 0;
let group = 0;

const vehicle = (plate: string) => ({
  plate,
  consumption: { average: 8, highway: 7, urban: 9, idle: 1 },
  group,
});

beforeAll(async () => {
  p = await startTestPlatform();
  const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  acme = await id("select id from companies where name = 'Acme Logistics'");
  reseller = await p.api.token("reseller@vigia.demo");
  const created = await p.api.post<{ id: number }>(
    `resellers/id/${iberia}/companies`,
    {
      name: "Licensed Few",
      resellerId: iberia,
      licenses: { vehicleTotal: 2, vehicleBillable: 2, assetTotal: 1, assetBillable: 1 },
    },
    reseller,
  );
  expect(created.status).toBe(200);
  company = created.body.id;
  group = (await p.ctx.db.query<{ id: number }>("select id from groups where company_id = $1", [company]))[0]!
    .id;
});
afterAll(async () => {
  await p?.close();
});

describe("licences", () => {
  it("the reseller creates vehicles up to the licence; the next one is refused naming the limit", async () => {
    for (const plate of ["LIC-1", "LIC-2"]) {
      const ok = await p.api.post(`companies/id/${company}/vehicles`, vehicle(plate), reseller);
      expect(ok.status).toBe(200);
    }
    const refused = await p.api.post<ErrorBody>(
      `companies/id/${company}/vehicles`,
      vehicle("LIC-3"),
      reseller,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe("licence.vehicles;limit:2");
    const [n] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from vehicles where company_id = $1",
      [company],
    );
    expect(n!.n).toBe(2);
  });

  it("counts assets against the asset licence, and persons not at all", async () => {
    const url = `companies/id/${company}/assets`;
    expect((await p.api.post(url, { name: "Trailer 1", group }, reseller)).status).toBe(200);
    const refused = await p.api.post<ErrorBody>(url, { name: "Trailer 2", group }, reseller);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe("licence.assets;limit:1");
    for (const name of ["Ana", "Luis"])
      expect((await p.api.post(`companies/id/${company}/persons`, { name, group }, reseller)).status).toBe(
        200,
      );
  });

  it("refuses the company's own administrator too, and a raised licence lets the vehicle in", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const [row] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from vehicles where company_id = $1",
      [acme],
    );
    await p.ctx.db.query(
      `update companies set licenses = jsonb_set(licenses, '{vehicleTotal}', to_jsonb($2::int)) where id = $1`,
      [acme, row!.n],
    );
    const acmeGroup = (
      await p.ctx.db.query<{ id: number }>(
        "select id from groups where company_id = $1 order by id limit 1",
        [acme],
      )
    )[0]!.id;
    const body = { ...vehicle("ACME-LIC"), group: acmeGroup };
    const refused = await p.api.post<ErrorBody>(`companies/id/${acme}/vehicles`, body, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe(`licence.vehicles;limit:${row!.n}`);
    await p.ctx.db.query(
      `update companies set licenses = jsonb_set(licenses, '{vehicleTotal}', to_jsonb($2::int)) where id = $1`,
      [acme, row!.n + 1],
    );
    expect((await p.api.post(`companies/id/${acme}/vehicles`, body, admin)).status).toBe(200);
  });

  it("a licence of 0 sets no limit", async () => {
    await p.ctx.db.query(
      `update companies set licenses = jsonb_set(licenses, '{vehicleTotal}', '0') where id = $1`,
      [company],
    );
    const ok = await p.api.post(`companies/id/${company}/vehicles`, vehicle("LIC-3"), reseller);
    expect(ok.status).toBe(200);
    await p.ctx.db.query(
      `update companies set licenses = jsonb_set(licenses, '{vehicleTotal}', '3') where id = $1`,
      [company],
    );
  });

  it("the companies list and the overview show what each company uses against its licences", async () => {
    const list = await p.api.get<Record<string, { used: { vehicles: number; assets: number } }>>(
      `resellers/id/${iberia}/companies`,
      reseller,
    );
    expect(list.status).toBe(200);
    expect(list.body[company]?.used).toEqual({ vehicles: 3, assets: 1 });
    const overview = await p.api.get<{
      licensesUsed: { vehicles: number; assets: number; companiesNear: number; companiesFull: number };
    }>(`resellers/id/${iberia}/overview`, reseller);
    expect(overview.status).toBe(200);
    const [totals] = await p.ctx.db.query<{ v: number; a: number }>(
      `select (select count(*) from vehicles v join companies c on c.id = v.company_id where c.reseller_id = $1)::int as v,
              (select count(*) from assets a join companies c on c.id = a.company_id where c.reseller_id = $1)::int as a`,
      [iberia],
    );
    expect(overview.body.licensesUsed.vehicles).toBeGreaterThanOrEqual(totals!.v);
    expect(overview.body.licensesUsed.assets).toBeGreaterThanOrEqual(totals!.a);
    // This company is at both its limits (3 of 3 vehicles, 1 of 1 asset), Acme at its raised one.
    expect(overview.body.licensesUsed.companiesFull).toBeGreaterThanOrEqual(2);
  });
});
