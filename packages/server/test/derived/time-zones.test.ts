import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TimeZoneCache } from "../../src/derived/index.ts";
import { companySiteId } from "../../src/kernel/links.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * A company's time zone is kept until a write changes it, never for a while: a zone set in the company editor,
 * or on the brand the company inherits its zone from, is the zone of its next local day without the clock
 * moving, and a change announced by another node drops this node's copy too.
 */
let p: TestPlatform;
let acme = 0;
let root = 0;
let companyPath = "";
let superReseller = "";

/** Saves the company's general settings through the company editor's route, as its reseller does. */
async function setCompanyZone(timezone: string | undefined): Promise<void> {
  const company = await p.api.get<{ conf: { general?: Record<string, unknown> } } & Record<string, unknown>>(
    companyPath,
    superReseller,
  );
  expect(company.status).toBe(200);
  const { id: _id, createdTs: _c, updatedTs: _u, ...record } = company.body;
  const { timezone: _old, ...general } = company.body.conf.general ?? {};
  const conf = { ...company.body.conf, general: timezone ? { ...general, timezone } : general };
  expect((await p.api.put(companyPath, { ...record, conf }, superReseller)).status).toBe(200);
}

beforeAll(async () => {
  p = await startTestPlatform();
  const row = (
    await p.ctx.db.query<{ id: number; reseller_id: number }>(
      "select id, reseller_id from companies where name = 'Acme Logistics'",
    )
  )[0]!;
  acme = row.id;
  root = (await p.ctx.db.query<{ id: number }>("select id from resellers where name = 'Vigia Platform'"))[0]!
    .id;
  companyPath = `resellers/id/${row.reseller_id}/companies/id/${acme}`;
  superReseller = await p.api.token("super@vigia.demo");
});
afterAll(async () => {
  await p?.close();
});

describe("company time zones", () => {
  it("sees a zone set in the company editor at once, and its brand's again once it is cleared", async () => {
    const before = p.clock.now();
    await setCompanyZone("America/Mexico_City");
    expect(await p.services.timeZones.get(acme)).toBe("America/Mexico_City");
    await setCompanyZone("Asia/Tokyo");
    expect(await p.services.timeZones.get(acme)).toBe("Asia/Tokyo");
    await setCompanyZone(undefined);
    const brand = await companySiteId(p.ctx.db, acme);
    const brandZone = (
      await p.ctx.db.query<{ timezone: string }>("select timezone from sites where id = $1", [brand ?? 1])
    )[0]!.timezone;
    expect(await p.services.timeZones.get(acme)).toBe(brandZone);
    expect(p.clock.now()).toBe(before);
  });

  it("sees a zone set on the brand the company inherits it from at once", async () => {
    const brand = (await companySiteId(p.ctx.db, acme)) ?? 1;
    const path = `resellers/id/${root}/brands/id/${brand}`;
    const current = await p.api.get<{ name: string; hosts: string[] }>(path, superReseller);
    expect(current.status).toBe(200);
    expect(await p.services.timeZones.get(acme)).not.toBe("Pacific/Auckland");
    const saved = await p.api.put(
      path,
      { name: current.body.name, hosts: current.body.hosts, timezone: "Pacific/Auckland" },
      superReseller,
    );
    expect(saved.status).toBe(200);
    expect(await p.services.timeZones.get(acme)).toBe("Pacific/Auckland");
  });

  it("drops its copy when another node announces the company's change", async () => {
    let heard: (companyId: number) => void = () => {};
    const announced: number[] = [];
    const cache = new TimeZoneCache(p.ctx.db, {
      announce: (companyId) => announced.push(companyId),
      follow: (forget) => {
        heard = forget;
      },
    });
    await setCompanyZone("Europe/Lisbon");
    expect(await cache.get(acme)).toBe("Europe/Lisbon");
    // Written on "another node": the database changes, this cache is not told yet.
    await p.ctx.db.query(
      `update companies set conf = jsonb_set(conf, '{general,timezone}', '"Europe/Rome"') where id = $1`,
      [acme],
    );
    expect(await cache.get(acme)).toBe("Europe/Lisbon");
    heard(acme);
    expect(await cache.get(acme)).toBe("Europe/Rome");
    cache.invalidate(null);
    expect(announced).toEqual([0]);
  });
});
