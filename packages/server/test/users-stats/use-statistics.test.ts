import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** /usersstats (super reseller only) and the site's terms of use (/useterms). */
let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(async () => {
  await p?.close();
});

type Stats = {
  fromTs: number;
  toTs: number;
  days: Array<{ day: number; activeUsers: number; signIns: number }>;
  resellers: Array<{ day: number; resellerName: string; items: number; positions: number }>;
};

describe("platform use statistics", () => {
  it("counts today's sign-ins and active users, and stays within the asked days", async () => {
    await p.api.token("admin@acme.demo");
    await p.api.token("admin@globex.demo");
    const token = await p.api.token("super@vigia.demo");
    const r = await p.api.get<Stats>("resellers/stats?days=7", token);
    expect(r.status).toBe(200);
    const today = Math.floor(p.clock.now() / 86_400_000) * 86_400_000;
    const day = r.body.days.find((d) => d.day === today);
    expect(day?.signIns).toBeGreaterThanOrEqual(3);
    expect(day?.activeUsers).toBeGreaterThanOrEqual(3);
    expect(r.body.fromTs).toBe(today - 6 * 86_400_000);
    for (const row of [...r.body.days, ...r.body.resellers])
      expect(row.day).toBeGreaterThanOrEqual(r.body.fromTs - 86_400_000);
  });

  it("refuses more than 30 days", async () => {
    const token = await p.api.token("super@vigia.demo");
    expect((await p.api.get("resellers/stats?days=90", token)).status).toBe(400);
  });

  it("is refused to resellers below the top and to company users", async () => {
    for (const email of ["reseller@vigia.demo", "admin@acme.demo", "viewer@acme.demo"]) {
      const token = await p.api.token(email);
      expect((await p.api.get("resellers/stats", token)).status).toBe(403);
    }
  });
});

describe("site terms of use", () => {
  it("answers the site's own terms by host, and null where none are configured", async () => {
    const iberia = await p.api.get<{ terms: string | null }>("site/terms", undefined, {
      "x-forwarded-host": "iberia.localhost:8080",
    });
    expect(iberia.status).toBe(200);
    expect(iberia.body.terms).toContain("Iberia Tracking");
    const main = await p.api.get<{ terms: string | null; privacy: string }>("site/terms", undefined, {
      "x-forwarded-host": "localhost:8080",
    });
    expect(main.body.terms).toBeNull();
    expect(main.body.privacy).toBe("");
  });

  it("answers the brand's privacy text and support contacts by host", async () => {
    await p.ctx.db.query(
      `update sites set privacy = 'Positions are kept 12 months.', support_email = 'help@iberia.example',
         support_phone = '+34 900 000 000'
       where id = (select site_id from site_hosts where host = 'iberia.localhost')`,
    );
    const iberia = await p.api.get<{ privacy: string; supportEmail: string; supportPhone: string }>(
      "site/terms",
      undefined,
      { "x-forwarded-host": "iberia.localhost:8080" },
    );
    expect(iberia.body).toMatchObject({
      privacy: "Positions are kept 12 months.",
      supportEmail: "help@iberia.example",
      supportPhone: "+34 900 000 000",
    });
    const main = await p.api.get<{ supportEmail: string }>("site/terms", undefined, {
      "x-forwarded-host": "localhost:8080",
    });
    expect(main.body.supportEmail).toBe("");
  });

  it("gives the site's worker app links and change log with its branding", async () => {
    const site = await p.api.get<{ apps: { playStoreUrl: string; changelog: string } }>("site", undefined, {
      "x-forwarded-host": "iberia.localhost",
    });
    expect(site.body.apps.playStoreUrl).toMatch(/^https:\/\/play\.google\.com\//);
    expect(site.body.apps.changelog).toContain("2.4.0");
  });
});
