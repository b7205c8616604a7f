import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** The reseller block's counts, the 2FA state on /superUsers, and the custom data editor's route. */
let p: TestPlatform;
let iberia = 0;
let acme = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  const id = async (sql: string) => (await p.ctx.db.query<{ id: number }>(sql))[0]!.id;
  iberia = await id("select id from resellers where name = 'Iberia Tracking'");
  acme = await id("select id from companies where name = 'Acme Logistics'");
});
afterAll(async () => {
  await p?.close();
});

type Overview = {
  companies: { total: number; byState: Record<string, number> };
  licenses: { vehicleTotal: number; vehicleBillable: number };
  devices: { online: number; offline: number; neverSeen: number };
  unknownDevices: number;
  quarantined: number;
  openServiceRequests: number;
};

describe("reseller overview", () => {
  it("counts the reseller subtree's companies, licences and devices", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const res = await p.api.get<Overview>(`resellers/id/${iberia}/overview`, reseller);
    expect(res.status).toBe(200);
    const [companies] = await p.ctx.db.query<{ n: number; vt: number }>(
      `select count(*)::int as n, coalesce(sum((licenses->>'vehicleTotal')::int), 0)::int as vt
       from companies where reseller_id = $1`,
      [iberia],
    );
    expect(res.body.companies.total).toBeGreaterThanOrEqual(companies!.n);
    expect(res.body.licenses.vehicleTotal).toBeGreaterThanOrEqual(companies!.vt);
    const [devices] = await p.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from devices d left join companies c on c.id = d.company_id
       where d.reseller_id = $1 or c.reseller_id = $1`,
      [iberia],
    );
    const d = res.body.devices;
    expect(d.online + d.offline + d.neverSeen).toBeGreaterThanOrEqual(devices!.n);
    expect(res.body.openServiceRequests).toBeGreaterThanOrEqual(0);
    expect(res.body.quarantined).toBeGreaterThanOrEqual(0);
  });

  it("is refused to company roles", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const res = await p.api.get(`resellers/id/${iberia}/overview`, admin);
    expect(res.status).toBe(403);
  });
});

describe("/superUsers two-factor state", () => {
  it("lists each reseller-level account with its two-factor state and sign-in history", async () => {
    const reseller = await p.api.token("reseller@vigia.demo");
    const me = (
      await p.ctx.db.query<{ id: number }>("select id from users where email = 'reseller@vigia.demo'")
    )[0]!;
    await p.ctx.db.query("update users set totp_pending = 'ABC' where id = $1", [me.id]);
    const res = await p.api.get<Record<string, { twoFactor: string; login: { front: { last: unknown } } }>>(
      "resellers/users",
      reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body[me.id]?.twoFactor).toBe("pending");
    expect(res.body[me.id]?.login.front.last).not.toBeNull();
    await p.ctx.db.query("update users set totp_pending = null where id = $1", [me.id]);
  });
});

describe("custom data fields", () => {
  it("an admin declares a date field and the company info serves it", async () => {
    const admin = await p.api.token("admin@acme.demo");
    const res = await p.api.request("PUT", `companies/id/${acme}/customdatas`, {
      token: admin,
      body: { kind: "vehicle", fields: [{ key: "itv", label: "ITV", type: "date" }] },
    });
    expect(res.status).toBe(200);
    const info = await p.api.get<{ conf: { customDatas: { vehicle?: { type: string }[] } } }>(
      `companies/id/${acme}/info`,
      admin,
    );
    expect(info.body.conf.customDatas.vehicle?.[0]?.type).toBe("date");
  });
});
