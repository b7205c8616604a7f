import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** /supports: a reseller's support contacts, shown in the help menu of the companies they are given to. */
let p: TestPlatform;
let iberia = 0;
let acme = 0;
let initech = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  acme = await id("select id from companies where name = 'Acme Logistics'");
  initech = await id("select id from companies where name = 'Initech'");
});
afterAll(async () => {
  await p?.close();
});

type Contact = { id: number; name: string; companyIds: number[] };
const info = async (token: string) =>
  (await p.api.get<{ conf: { supports: { name: string }[] } }>(`companies/id/${acme}/info`, token)).body.conf
    .supports;

describe("support contacts", () => {
  it("a reseller adds a contact, assigns it to a company, and that company's help menu lists it", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const admin = await p.api.token("admin@acme.demo");
    const before = await p.api.get<Contact[]>(`resellers/id/${iberia}/supports/admin`, reseller);
    expect(before.status).toBe(200);
    // The demo's contacts, seeded before assignments existed, keep the companies that list them.
    const seeded = (await info(admin)).map((s) => s.name);
    expect(seeded.length).toBeGreaterThan(0);
    expect(before.body.filter((c) => c.companyIds.includes(acme)).map((c) => c.name)).toEqual(seeded);
    const created = await p.api.post<Contact>(
      `resellers/id/${iberia}/supports`,
      { name: "Night desk", helpline: "+34 910 000 999", email: "night@iberia.demo", companyIds: [acme] },
      reseller,
    );
    expect(created.status).toBe(200);
    expect((await info(admin)).map((s) => s.name)).toEqual([...seeded, "Night desk"]);

    const bad = await p.api.post<ErrorBody>(
      `resellers/id/${iberia}/supports`,
      { name: "x", email: "not-an-email", companyIds: [] },
      reseller,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.email).toBe("email.format");

    const moved = await p.api.request<Contact>(
      "PUT",
      `resellers/id/${iberia}/supports/id/${created.body.id}`,
      {
        token: reseller,
        body: { name: "Night desk", companyIds: [] },
      },
    );
    expect(moved.status).toBe(200);
    expect((await info(admin)).map((s) => s.name)).toEqual(seeded);
    const gone = await p.api.request("DELETE", `resellers/id/${iberia}/supports/id/${created.body.id}`, {
      token: reseller,
    });
    expect(gone.status).toBe(204);
  });

  it("refuses companies of another reseller and every company user", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const owner = (
      await p.ctx.db.query<{ reseller_id: number }>("select reseller_id from companies where id = $1", [
        initech,
      ])
    )[0]!.reseller_id;
    if (owner !== iberia) {
      const r = await p.api.post(
        `resellers/id/${iberia}/supports`,
        { name: "x", companyIds: [initech] },
        reseller,
      );
      expect(r.status).toBe(400);
    }
    const admin = await p.api.token("admin@acme.demo");
    expect((await p.api.get(`resellers/id/${iberia}/supports/admin`, admin)).status).toBe(403);
    expect((await p.api.post(`resellers/id/${iberia}/supports`, { name: "x" }, admin)).status).toBe(403);
    const other = await p.api.token("admin@globex.demo");
    expect((await p.api.get(`resellers/id/${iberia}/supports/admin`, other)).status).toBe(403);
  });
});
