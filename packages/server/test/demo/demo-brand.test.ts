import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../src/demo/index.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** A demo database seeded by an older version gets the Iberia brand's own logo at the next start. */

let p: TestPlatform;
let brand = 0;
beforeAll(async () => {
  p = await startTestPlatform();
  brand = (
    await p.ctx.db.query<{ id: number }>(
      "select site_id as id from site_hosts where host = 'iberia.localhost'",
    )
  )[0]!.id;
});
afterAll(async () => {
  await p?.close();
});

/** What the sign-in page of the Iberia host shows of its brand. */
const iberiaSite = async () => {
  const site = await p.api.get<{ logoUrl: string; faviconUrl: string; primaryColor: string | null }>(
    "site",
    undefined,
    { "x-forwarded-host": "iberia.localhost" },
  );
  const { logoUrl, faviconUrl, primaryColor } = site.body;
  return { logoUrl, faviconUrl, primaryColor };
};

describe("the demo brand on an older data dir", () => {
  it("replaces the product's logo the old seed gave Iberia, once, and keeps a logo uploaded since", async () => {
    const seeded = await iberiaSite();
    expect(seeded.logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    // What a data dir of the version before brands had, after migration 080.
    await p.ctx.db.query(
      "update sites set logo_url = '/logo.svg', favicon_url = '', primary_color = null where id = $1",
      [brand],
    );
    expect((await iberiaSite()).logoUrl).toBe("/logo.svg");

    expect(await seedDemo(p.ctx.db, p.clock)).toBe(false);
    expect(await iberiaSite()).toEqual(seeded);
    // Again at the next start: nothing more changes.
    expect(await seedDemo(p.ctx.db, p.clock)).toBe(false);
    expect(await iberiaSite()).toEqual(seeded);

    await p.ctx.db.query("update sites set logo_url = '/fr/v1/brand-images/7/own' where id = $1", [brand]);
    await seedDemo(p.ctx.db, p.clock);
    expect((await iberiaSite()).logoUrl).toBe("/fr/v1/brand-images/7/own");
  });
});
