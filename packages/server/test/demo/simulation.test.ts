import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatedDevices } from "../../src/demo/index.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The built-in simulator drives the devices the demo seeded and no other: a real tracker a reseller registers into
 * a demo company (to try the platform with it) reports for itself, also after a restart.
 */
let p: TestPlatform;
let acme = 0;
let resellerId = 0;

beforeAll(async () => {
  p = await startTestPlatform();
  const rows = await p.ctx.db.query<{ id: number; reseller_id: number }>(
    "select id, reseller_id from companies where name = 'Acme Logistics'",
  );
  acme = rows[0]!.id;
  resellerId = rows[0]!.reseller_id;
});
afterAll(async () => {
  await p?.close();
});

describe("demo simulation", () => {
  it("drives the seeded devices and never a real tracker registered into the demo company", async () => {
    const before = await simulatedDevices(p.ctx.db, acme);
    expect(before.length).toBeGreaterThan(5);

    const reseller = await p.api.token("reseller@vigia.demo");
    const created = await p.api.post<{ id: number }>(
      `resellers/id/${resellerId}/trackers`,
      { deviceId: "356307049999001", typeId: 1, name: "Customer's own tracker" },
      reseller,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Assigned to the company and to one of its vehicles, as the reseller and the customer would.
    const vehicle = await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where company_id = $1 order by id desc limit 1",
      [acme],
    );
    await p.ctx.db.query("update devices set company_id = $1, item_type = 1, item_id = $2 where id = $3", [
      acme,
      vehicle[0]!.id,
      created.body.id,
    ]);

    const after = await simulatedDevices(p.ctx.db, acme);
    expect(after.map((d) => d.device_id)).not.toContain("356307049999001");
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
  });
});
