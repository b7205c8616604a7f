import type { SharedRoute } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Share route: a link opens without signing in, shows only its items (live position and the route
 * since it was made), and stops working when revoked or expired. Nothing else of the company is reachable with
 * the token.
 */
let p: TestPlatform;
let acme: number;
let globexVehicle: number;
let shared: { id: number; imei: string };
let other: number;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0" });
  const ids = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = ids.find((c) => c.name === "Acme Logistics")!.id;
  const globex = ids.find((c) => c.name === "Globex Security")!.id;
  const vehicles = await p.ctx.db.query<{ id: number; imei: string }>(
    `select v.id, d.device_id as imei from vehicles v join devices d on d.item_type = 1 and d.item_id = v.id
     join device_types t on t.id = d.type_id where v.company_id = $1 and t.proto = 'teltonika' order by v.id`,
    [acme],
  );
  shared = vehicles[0]!;
  other = vehicles[1]!.id;
  globexVehicle = (
    await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id = $1", [globex])
  )[0]!.id;
  admin = await p.api.token("admin@acme.demo");
}, 60_000);
afterAll(async () => p?.close());

const links = () => `companies/id/${acme}/sharedroutes`;

async function drive(fixes: { lat: number; lng: number }[], from: number) {
  const device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(shared.imei));
  await device.read(1);
  device.send(
    teltonikaPacket(fixes.map((f, i) => ({ ...f, ts: from + i * 30_000, spd: 40, ignition: true }))),
  );
  await device.read(4);
  device.end();
}

describe("shared routes", () => {
  it("issues a link that shows only its item, moving, without signing in, until it is revoked", async () => {
    const created = await p.api.post<{ id: number; token: string; expiresTs: number }>(
      links(),
      { items: [{ itemType: 1, itemId: shared.id }], validity: "1h" },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body.token.length).toBeGreaterThanOrEqual(40);
    expect(created.body.expiresTs).toBe(p.clock.now() + 3_600_000);

    const now = p.clock.now();
    await drive(
      [
        { lat: 40.41, lng: -3.7 },
        { lat: 40.412, lng: -3.698 },
        { lat: 40.414, lng: -3.696 },
      ],
      now + 1000,
    );
    p.clock.advance(5 * 60_000);
    const view = await p.api.get<SharedRoute>(`shareroute/${created.body.token}`);
    expect(view.status).toBe(200);
    expect(view.body.items.map((i) => i.itemId)).toEqual([shared.id]);
    expect(view.body.items[0]!.pos?.lat).toBeCloseTo(40.414, 3);
    expect(view.body.items[0]!.route).toHaveLength(3);
    const otherName = (
      await p.ctx.db.query<{ name: string }>("select name from vehicles where id = $1", [other])
    )[0]!.name;
    // Besides the items, only the id of the company's base map (so the page draws the same ground) and its zone.
    expect(Object.keys(view.body)).toEqual(["createdTs", "expiresTs", "items", "mapProvider", "timezone"]);
    // The company's zone (its site's, Madrid, in the demo), whatever the viewer's browser says.
    expect(view.body.timezone).toBe("Europe/Madrid");
    expect(JSON.stringify(view.body)).not.toContain(otherName);
    await p.ctx.db.query(
      `update companies set conf = conf || jsonb_build_object('general',
         coalesce(conf->'general', '{}'::jsonb) || '{"mapProvider": "world"}'::jsonb) where id = $1`,
      [acme],
    );
    expect((await p.api.get<SharedRoute>(`shareroute/${created.body.token}`)).body.mapProvider).toBe("world");

    // The token opens nothing of the signed-in API.
    const asBearer = await p.api.get(`companies/id/${acme}/vehicles`, created.body.token);
    expect(asBearer.status).toBe(401);

    const listed = await p.api.get<{ id: number }[]>(links(), admin);
    expect(listed.body.map((l) => l.id)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);

    const revoked = await p.api.request("DELETE", `${links()}/id/${created.body.id}`, { token: admin });
    expect(revoked.status).toBe(200);
    const after = await p.api.get<{ description: string }>(`shareroute/${created.body.token}`);
    expect(after.status).toBe(410);
    expect(after.body.description).toBe("shareroute.revoked");
    expect((await p.api.get<{ id: number }[]>(links(), admin)).body.map((l) => l.id)).not.toContain(
      created.body.id,
    );
  });

  it("stops working when the validity ends", async () => {
    const created = await p.api.post<{ token: string }>(
      links(),
      { items: [{ itemType: 1, itemId: shared.id }], validity: "8h" },
      admin,
    );
    p.clock.advance(8 * 3_600_000 - 1);
    expect((await p.api.get(`shareroute/${created.body.token}`)).status).toBe(200);
    p.clock.advance(1);
    const expired = await p.api.get<{ description: string }>(`shareroute/${created.body.token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.description).toBe("shareroute.expired");
  });

  it("answers an unknown token with 404", async () => {
    const unknown = await p.api.get<{ description: string }>(`shareroute/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.description).toBe("shareroute.unknown");
  });

  it("refuses another company's items, bad validities, and read-only users", async () => {
    // The clock moved hours on above: sign in again.
    admin = await p.api.token("admin@acme.demo");
    const foreign = await p.api.post(
      links(),
      { items: [{ itemType: 1, itemId: globexVehicle }], validity: "1d" },
      admin,
    );
    expect(foreign.status).toBe(400);
    const bad = await p.api.post(
      links(),
      { items: [{ itemType: 1, itemId: shared.id }], validity: "2d" },
      admin,
    );
    expect(bad.status).toBe(400);
    const viewer = await p.api.token("viewer@acme.demo");
    const readOnly = await p.api.post(
      links(),
      { items: [{ itemType: 1, itemId: shared.id }], validity: "1w" },
      viewer,
    );
    expect(readOnly.status).toBe(403);
    // An operator shares the items of their own groups, and no others.
    const operator = await p.api.token("operator@acme.demo");
    const seen = await p.api.get<Record<string, { id: number }>>(`companies/id/${acme}/vehicles`, operator);
    const own = Object.values(seen.body).map((v) => v.id);
    const byOperator = await p.api.post(
      links(),
      { items: [{ itemType: 1, itemId: own[0] }], validity: "1w" },
      operator,
    );
    expect(byOperator.status).toBe(200);
    const hidden = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id = $1", [acme])
    )
      .map((v) => v.id)
      .find((id) => !own.includes(id));
    if (hidden !== undefined) {
      const outside = await p.api.post(
        links(),
        { items: [{ itemType: 1, itemId: hidden }], validity: "1w" },
        operator,
      );
      expect(outside.status).toBe(400);
    }
  });
});
