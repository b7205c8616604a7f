import { ENCODED_DEVICE_TYPE_ID, encodeDeviceId, type ItineraryProgress } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Itineraries assigned to persons: the reseller assigns one to a person of the company (not another company's);
 * the positions the person's phone sent are judged as a vehicle's are, on the compliance screen and on the phone
 * itself (`/device/itinerary`, device credentials).
 */
let p: TestPlatform;
let acme: number;
let person: number;
let foreignPerson: number;
let deviceRow: number;
let reseller: string;
let itineraryId: number;

const DEVICE = "phone-itinerary-1";
const KEY = "itinerary-key-0123456789";
const me = { authorization: `Basic ${Buffer.from(`${DEVICE}:${KEY}`).toString("base64")}` };
const DEPOT = { lat: 40.42, lng: -3.71 };
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

const base = () => `companies/id/${acme}/itineraries`;
const body = (assignments: unknown[]) => ({
  name: "Walking round",
  // Planned at the day's last minute: the arrival window stays open whatever the test's local hour.
  waypoints: [
    { kind: "point", ...DEPOT, radius: 100, time: "23:59", before: 1440, after: 0 },
    { kind: "point", lat: 40.45, lng: -3.65, radius: 100, time: "23:59", before: 1440, after: 0 },
  ],
  assignments,
});

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  const globex = companies.find((c) => c.name === "Globex Security")!.id;
  person = (
    await p.ctx.db.query<{ id: number }>(
      `insert into persons (company_id, group_id, name, created_ts, updated_ts)
       select company_id, group_id, 'Itinerary walker', 0, 0 from persons where company_id = $1
       order by id limit 1 returning id`,
      [acme],
    )
  )[0]!.id;
  foreignPerson = (
    await p.ctx.db.query<{ id: number }>("select id from persons where company_id = $1 limit 1", [globex])
  )[0]!.id;
  deviceRow = (
    await p.ctx.db.query<{ id: number }>(
      `insert into devices (device_id, type_id, company_id, reseller_id, device_key, item_type, item_id,
         created_ts, updated_ts)
       select $1, t.id, c.id, c.reseller_id, $3, 3, $4, 0, 0 from device_types t, companies c
       where t.proto = 'app' and c.id = $2 returning id`,
      [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, DEVICE), acme, KEY, person],
    )
  )[0]!.id;
  reseller = await p.api.token("reseller@vigia.demo");
});
afterAll(async () => {
  await p?.close();
});

const onPhone = async () => {
  const r = await p.api.get<ItineraryProgress[]>("device/itinerary", undefined, me);
  expect(r.status).toBe(200);
  return r.body;
};

describe("itineraries for persons", () => {
  it("another company's person cannot be assigned", async () => {
    const refused = await p.api.post<ErrorBody>(
      base(),
      body([{ itemType: "person", itemId: foreignPerson, days: [1] }]),
      reseller,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ "assignments.0.itemId": "unknownItem" });
  });

  it("a person is assigned; the phone reads the day: pending, then arrived once its positions reach the waypoint", async () => {
    const created = await p.api.post<{ id: number; assignments: unknown[] }>(
      base(),
      body([{ itemType: "person", itemId: person, days: ALL_DAYS }]),
      reseller,
    );
    expect(created.status).toBe(200);
    expect(created.body.assignments).toEqual([{ itemType: "person", itemId: person, days: ALL_DAYS }]);
    itineraryId = created.body.id;

    const before = (await onPhone()).find((i) => i.itineraryId === itineraryId);
    expect(before?.waypoints.map((w) => [w.status, w.enteredAt, w.next])).toEqual([
      ["pending", null, true],
      ["pending", null, false],
    ]);

    const now = p.clock.now();
    await p.services.partitions.ensure(p.ctx.db, acme, now);
    // Five minutes walking into the depot, still there at the last fix.
    for (let i = 5; i >= 1; i--)
      await p.ctx.db.query(
        `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng)
         values ($1, $2, 3, $3, $4, $4, $5, $6)`,
        [acme, deviceRow, person, now - i * 60_000, DEPOT.lat + (i - 1) * 0.0001, DEPOT.lng],
      );

    const after = (await onPhone()).find((i) => i.itineraryId === itineraryId);
    const [first, second] = after?.waypoints ?? [];
    expect(first?.enteredAt).not.toBeNull();
    expect(first?.leftAt).toBeNull();
    expect(first?.next).toBe(false);
    expect(second).toMatchObject({ status: "pending", next: true });

    const day = after!.day;
    const judged = await p.api.get<{
      itemType: string;
      itemId: number;
      waypoints: { enteredAt: number | null }[];
    }>(`${base()}/id/${itineraryId}/compliance?personId=${person}&day=${day}`, reseller);
    expect(judged.status).toBe(200);
    expect(judged.body).toMatchObject({ itemType: "person", itemId: person });
    expect(judged.body.waypoints[0]?.enteredAt).toBe(first?.enteredAt);

    // The live map's detail of the person reads the same day, as a company user.
    const admin = await p.api.token("admin@acme.demo");
    const onMap = await p.api.get<ItineraryProgress[]>(
      `companies/id/${acme}/itineraries/progress?personId=${person}`,
      admin,
    );
    expect(onMap.status).toBe(200);
    expect(onMap.body.find((i) => i.itineraryId === itineraryId)?.waypoints).toEqual(after?.waypoints);
  });

  it("a vehicle's assignment is not the person's: the phone of another item does not see it", async () => {
    const vehicle = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id = $1 limit 1", [acme])
    )[0]!.id;
    const onVehicle = await p.api.post<{ id: number }>(
      base(),
      body([{ vehicleId: vehicle, days: ALL_DAYS }]),
      reseller,
    );
    expect(onVehicle.status).toBe(200);
    expect((await onPhone()).map((i) => i.itineraryId)).not.toContain(onVehicle.body.id);
  });

  it("compliance names another company's person as not found, and wants a vehicle or a person", async () => {
    const foreign = await p.api.get(
      `${base()}/id/${itineraryId}/compliance?personId=${foreignPerson}&day=2026-01-15`,
      reseller,
    );
    expect(foreign.status).toBe(404);
    const admin = await p.api.token("admin@acme.demo");
    expect(
      (await p.api.get(`companies/id/${acme}/itineraries/progress?personId=${foreignPerson}`, admin)).status,
    ).toBe(404);
    expect((await p.api.get(`${base()}/id/${itineraryId}/compliance?day=2026-01-15`, reseller)).status).toBe(
      400,
    );
  });

  it("a wrong key reads nothing", async () => {
    const wrong = {
      authorization: `Basic ${Buffer.from(`${DEVICE}:wrong-key-0123456789`).toString("base64")}`,
    };
    expect((await p.api.get("device/itinerary", undefined, wrong)).status).toBe(401);
  });
});
