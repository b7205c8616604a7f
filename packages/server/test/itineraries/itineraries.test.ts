import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Itineraries: reseller-level CRUD, per-field validation, tenant scope, day compliance. */
let p: TestPlatform;
let acme: number;
let reseller: string;
let admin: string;
let poi: number;
let vehicle: number;

interface ItineraryBody {
  id: number;
  name: string;
  waypoints: { kind: string; time: string }[];
  assignments: { vehicleId: number; days: number[] }[];
}

beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  poi = (
    await p.ctx.db.query<{ id: number }>(
      `insert into pois (company_id, name, color, radius, lat, lng, created_ts, updated_ts)
       values ($1, 'Depot', '#3388ff', 100, 40.41, -3.70, 0, 0) returning id`,
      [acme],
    )
  )[0]!.id;
  vehicle = (
    await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id = $1 limit 1", [acme])
  )[0]!.id;
  reseller = await p.api.token("reseller@vigia.demo");
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

const base = () => `companies/id/${acme}/itineraries`;
const body = (extra: Record<string, unknown> = {}) => ({
  name: "Morning round",
  waypoints: [
    { kind: "poi", placeId: poi, time: "08:00", before: 5, after: 10, minStay: 2, maxStay: 20 },
    { kind: "point", lat: 40.4, lng: -3.7, radius: 200, time: "09:30" },
  ],
  assignments: [{ vehicleId: vehicle, days: [5, 1, 1] }],
  ...extra,
});

describe("itineraries", () => {
  it("a reseller creates, reads, edits and deletes an itinerary", async () => {
    const created = await p.api.post<ItineraryBody>(base(), body(), reseller);
    expect(created.status).toBe(200);
    expect(created.body.waypoints).toHaveLength(2);
    expect(created.body.assignments).toEqual([{ itemType: "vehicle", itemId: vehicle, days: [1, 5] }]);
    const list = await p.api.get<ItineraryBody[]>(base(), reseller);
    expect(list.body.map((i) => i.id)).toContain(created.body.id);
    const edited = await p.api.put<ItineraryBody>(
      `${base()}/id/${created.body.id}`,
      body({ name: "Evening" }),
      reseller,
    );
    expect(edited.body.name).toBe("Evening");
    expect(
      (await p.api.request("DELETE", `${base()}/id/${created.body.id}`, { token: reseller })).status,
    ).toBe(200);
    expect(
      (await p.api.request("DELETE", `${base()}/id/${created.body.id}`, { token: reseller })).status,
    ).toBe(404);
  });

  it("company users, even administrators, neither read nor write itineraries", async () => {
    expect((await p.api.get(base(), admin)).status).toBe(403);
    expect((await p.api.post(base(), "not even an object", admin)).status).toBe(403);
    const operator = await p.api.token("operator@acme.demo");
    expect((await p.api.post(base(), body(), operator)).status).toBe(403);
  });

  it("another company's users do not see the company", async () => {
    const other = await p.api.token("admin@globex.demo");
    expect((await p.api.get(base(), other)).status).toBe(404);
  });

  it("validates per field: times, stays, unknown places and vehicles", async () => {
    const bad = await p.api.post<ErrorBody>(
      base(),
      body({
        waypoints: [
          { kind: "poi", placeId: 999_999, time: "08:00" },
          { kind: "point", lat: 40.4, lng: -3.7, time: "25:00", minStay: 30, maxStay: 10 },
        ],
      }),
      reseller,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {})).toEqual(
      expect.arrayContaining(["waypoints.1.radius", "waypoints.1.time", "waypoints.1.maxStay"]),
    );
    const unknown = await p.api.post<ErrorBody>(
      base(),
      body({
        waypoints: [{ kind: "poi", placeId: 999_999, time: "08:00" }],
        assignments: [{ vehicleId: 999_999, days: [1] }],
      }),
      reseller,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({
      "waypoints.0.placeId": "unknownPoi",
      "assignments.0.itemId": "unknownItem",
    });
    expect((await p.api.post(base(), body({ name: "", waypoints: [] }), reseller)).status).toBe(400);
  });

  it("judges a past day without positions: every waypoint skipped, assigned on its weekday", async () => {
    const created = await p.api.post<ItineraryBody>(base(), body(), reseller);
    const monday = await p.api.get<{ assigned: boolean; finished: boolean; waypoints: { status: string }[] }>(
      `${base()}/id/${created.body.id}/compliance?vehicleId=${vehicle}&day=2025-01-06`,
      reseller,
    );
    expect(monday.status).toBe(200);
    expect(monday.body.assigned).toBe(true);
    expect(monday.body.finished).toBe(true);
    expect(monday.body.waypoints.map((w) => w.status)).toEqual(["skipped", "skipped"]);
    const tuesday = await p.api.get<{ assigned: boolean }>(
      `${base()}/id/${created.body.id}/compliance?vehicleId=${vehicle}&day=2025-01-07`,
      reseller,
    );
    expect(tuesday.body.assigned).toBe(false);
  });
});
