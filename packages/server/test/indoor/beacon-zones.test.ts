import type { Beacon, BeaconZone } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Beacon zones CRUD (a name, a colour, a set of the company's own beacons), roles and tenancy. */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let beacons: Beacon[];
let foreignBeacon: Beacon;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  admin = await p.api.token("admin@acme.demo");
  beacons = [];
  for (const [i, uuid] of ["zone-a", "zone-b", "zone-c"].entries()) {
    const res = await p.api.post<Beacon>(
      `companies/id/${acme}/ibeacons`,
      { name: `Zone beacon ${i}`, uuid, lat: 40.45 + i * 1e-4, lng: -3.69 },
      admin,
    );
    expect(res.status).toBe(200);
    beacons.push(res.body);
  }
  const globexAdmin = await p.api.token("admin@globex.demo");
  foreignBeacon = (
    await p.api.post<Beacon>(
      `companies/id/${globex}/ibeacons`,
      { name: "Globex beacon", uuid: "globex-1", lat: 1, lng: 1 },
      globexAdmin,
    )
  ).body;
});
afterAll(async () => {
  await p?.close();
});

const base = (companyId = acme) => `companies/id/${companyId}/beaconzones`;

describe("beacon zones", () => {
  let zone: BeaconZone;

  it("creates, lists, changes and deletes a zone of the company's beacons", async () => {
    const created = await p.api.post<BeaconZone>(
      base(),
      { name: "Loading bay", color: "red", beaconIds: [beacons[0]!.id, beacons[1]!.id] },
      admin,
    );
    expect(created.status).toBe(200);
    zone = created.body;
    expect(zone).toMatchObject({ name: "Loading bay", beaconIds: [beacons[0]!.id, beacons[1]!.id] });
    expect(zone.color).toMatch(/^#[0-9a-f]{6}$/i);
    const list = await p.api.get<Record<string, BeaconZone>>(base(), admin);
    expect(list.body[zone.id]).toEqual(zone);

    const changed = await p.api.put<BeaconZone>(
      `${base()}/id/${zone.id}`,
      { name: "Bay 2", color: "#00ff00", beaconIds: [beacons[2]!.id] },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Bay 2", color: "#00ff00", beaconIds: [beacons[2]!.id] });

    const temp = await p.api.post<BeaconZone>(base(), { name: "Temp", beaconIds: [beacons[0]!.id] }, admin);
    expect((await p.api.request("DELETE", `${base()}/id/${temp.body.id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await p.api.get<Record<string, BeaconZone>>(base(), admin)).body[temp.body.id]).toBeUndefined();
  });

  it("is what the processor's followers read, kept until a zone or beacon of the company changes", async () => {
    const cache = p.services.beacons;
    const uuidsOf = async () => [...((await cache.zones(acme)).get(zone.id) ?? new Set<string>())].sort();
    expect(await uuidsOf()).toEqual(["ZONE-C"]);
    // Kept: a write behind the routes' back is not seen (this is what would go stale without the invalidation).
    await p.ctx.db.query("delete from beacon_zone_beacons where zone_id = $1", [zone.id]);
    expect(await uuidsOf()).toEqual(["ZONE-C"]);
    // A change through the route drops the copy (here, and on every node through the cluster signal).
    const changed = await p.api.put<BeaconZone>(
      `${base()}/id/${zone.id}`,
      { name: "Bay 2", color: "#00ff00", beaconIds: [beacons[0]!.id, beacons[2]!.id] },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(await uuidsOf()).toEqual(["ZONE-A", "ZONE-C"]);
    const temp = await p.api.post<BeaconZone>(base(), { name: "Cached", beaconIds: [beacons[1]!.id] }, admin);
    expect((await cache.zones(acme)).has(temp.body.id)).toBe(true);
    await p.api.request("DELETE", `${base()}/id/${temp.body.id}`, { token: admin });
    expect((await cache.zones(acme)).has(temp.body.id)).toBe(false);
  });

  it("validates per field: name, at least one beacon, and only the company's own beacons", async () => {
    const empty = await p.api.post<ErrorBody>(base(), { name: "", beaconIds: [] }, admin);
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ name: "required", beaconIds: "beaconZone.noBeacons" });
    const foreign = await p.api.post<ErrorBody>(base(), { name: "X", beaconIds: [foreignBeacon.id] }, admin);
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toMatchObject({ beaconIds: "beaconZone.beaconUnknown" });
  });

  it("drops a deleted beacon from its zones", async () => {
    const extra = await p.api.post<Beacon>(
      `companies/id/${acme}/ibeacons`,
      { name: "Short-lived", uuid: "zone-gone", lat: 40.46, lng: -3.69 },
      admin,
    );
    const z = await p.api.post<BeaconZone>(
      base(),
      { name: "Gone", beaconIds: [extra.body.id, beacons[0]!.id] },
      admin,
    );
    await p.api.request("DELETE", `companies/id/${acme}/ibeacons/id/${extra.body.id}`, { token: admin });
    const list = await p.api.get<Record<string, BeaconZone>>(base(), admin);
    expect(list.body[z.body.id]!.beaconIds).toEqual([beacons[0]!.id]);
  });

  it("lets subadministrators write, and refuses operators and read-only users", async () => {
    const sub = await p.api.token("subadmin@acme.demo");
    const made = await p.api.post<BeaconZone>(base(), { name: "Sub zone", beaconIds: [beacons[0]!.id] }, sub);
    expect(made.status).toBe(200);
    expect((await p.api.request("DELETE", `${base()}/id/${made.body.id}`, { token: sub })).status).toBe(200);
    for (const email of ["operator@acme.demo", "viewer@acme.demo"]) {
      const token = await p.api.token(email);
      expect((await p.api.get(base(), token)).status).toBe(200);
      const body = { name: "No", beaconIds: [beacons[0]!.id] };
      expect((await p.api.post(base(), body, token)).status).toBe(403);
      expect((await p.api.put(`${base()}/id/${zone.id}`, body, token)).status).toBe(403);
      expect((await p.api.request("DELETE", `${base()}/id/${zone.id}`, { token })).status).toBe(403);
    }
  });

  it("keeps companies apart: another company's zone is not found", async () => {
    const globexAdmin = await p.api.token("admin@globex.demo");
    const body = { name: "Stolen", beaconIds: [foreignBeacon.id] };
    expect((await p.api.put(`${base(globex)}/id/${zone.id}`, body, globexAdmin)).status).toBe(404);
    expect(
      (await p.api.request("DELETE", `${base(globex)}/id/${zone.id}`, { token: globexAdmin })).status,
    ).toBe(404);
    const list = await p.api.get<Record<string, BeaconZone>>(base(globex), globexAdmin);
    expect(list.body[zone.id]).toBeUndefined();
    expect((await p.api.get(base(), globexAdmin)).status).toBe(404);
  });
});
