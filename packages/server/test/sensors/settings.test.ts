import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** A company's sensor settings: admins write, the company reads, other tenants see nothing. */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let viewer: string;
let globexAdmin: string;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  admin = await p.api.token("admin@acme.demo");
  viewer = await p.api.token("viewer@acme.demo");
  globexAdmin = await p.api.token("admin@globex.demo");
});
afterAll(async () => {
  await p?.close();
});

const path = (companyId: number) => `companies/id/${companyId}/sensorsettings`;

describe("sensor settings", () => {
  it("an admin renames, scales and hides; every user of the company reads it; empty edits are dropped", async () => {
    const saved = await p.api.put<{ settings: unknown[] }>(
      path(acme),
      {
        settings: [
          { key: "io9", name: "Fridge probe", unit: "°C", multiplier: 0.01 },
          { key: "rssi", hidden: true },
          { key: "power" },
        ],
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const read = await p.api.get<{ settings: unknown[] }>(path(acme), viewer);
    expect(read.status).toBe(200);
    expect(read.body.settings).toEqual([
      { key: "io9", name: "Fridge probe", unit: "°C", multiplier: 0.01, hidden: false },
      { key: "rssi", name: "", unit: "", multiplier: null, hidden: true },
    ]);
  });

  it("a viewer may not write, a bad key is refused, another company sees only its own", async () => {
    expect((await p.api.put(path(acme), { settings: [] }, viewer)).status).toBe(403);
    expect((await p.api.put(path(acme), { settings: [{ key: "a b" }] }, admin)).status).toBe(400);
    expect([403, 404]).toContain((await p.api.get(path(acme), globexAdmin)).status);
    const own = await p.api.get<{ settings: unknown[] }>(path(globex), globexAdmin);
    expect(own.body.settings).toEqual([]);
  });
});
