import { EVENT_FAMILY, emptyAlarmRule, type ItineraryProgress } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Itineraries are shown to a company only when its `conf.general.itenerary` is on (the demo company's
 * is). The reseller switches it in the company editor; off, the company's users see no progress on the map,
 * compliance is refused and the alarm engine follows no itinerary, while the reseller keeps editing them.
 */
let p: TestPlatform;
let acme: number;
let vehicle: number;
let itineraryId: number;
let reseller: string;
let admin: string;
let companyPath: string;

const progress = () =>
  p.api.get<ItineraryProgress[]>(`companies/id/${acme}/itineraries/progress?vehicleId=${vehicle}`, admin);
const compliance = () =>
  p.api.get<ErrorBody>(
    `companies/id/${acme}/itineraries/id/${itineraryId}/compliance?vehicleId=${vehicle}&day=2026-01-15`,
    reseller,
  );

/** The alarm families the company's rule editor offers, and whether a new itinerary rule is accepted. */
async function itineraryAlarms(): Promise<{ offered: boolean; created: number; field?: string }> {
  const inputs = await p.api.get<{ families: Record<string, unknown> }>(
    `companies/id/${acme}/alarms/inputs`,
    admin,
  );
  expect(inputs.status).toBe(200);
  const rule = emptyAlarmRule();
  rule.items.itemsType = 1;
  rule.items.vehicleIds = [vehicle];
  rule.info.name = "Itinerary deviations";
  rule.info.priority = 2;
  rule.info.family = EVENT_FAMILY.itinerary;
  rule.info.value = null;
  const created = await p.api.post<ErrorBody>(`companies/id/${acme}/alarms`, rule, admin);
  return {
    offered: String(EVENT_FAMILY.itinerary) in inputs.body.families,
    created: created.status,
    field: created.body.fields?.["info.family"],
  };
}

/** Sets the flag through the company editor's route, as the reseller does. */
async function setFlag(on: boolean): Promise<void> {
  const company = await p.api.get<{ conf: { general?: Record<string, unknown> } } & Record<string, unknown>>(
    companyPath,
    reseller,
  );
  expect(company.status).toBe(200);
  const { id: _id, createdTs: _c, updatedTs: _u, ...record } = company.body;
  const general = { ...(company.body.conf.general ?? {}), itenerary: on };
  const saved = await p.api.put(
    companyPath,
    { ...record, conf: { ...company.body.conf, general } },
    reseller,
  );
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  p = await startTestPlatform();
  const row = (
    await p.ctx.db.query<{ id: number; reseller_id: number }>(
      "select id, reseller_id from companies where name = 'Acme Logistics'",
    )
  )[0]!;
  acme = row.id;
  companyPath = `resellers/id/${row.reseller_id}/companies/id/${acme}`;
  vehicle = (
    await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where company_id = $1 order by id limit 1",
      [acme],
    )
  )[0]!.id;
  reseller = await p.api.token("reseller@vigia.demo");
  admin = await p.api.token("admin@acme.demo");
  // Runs every day of the week, so "today" (the test clock's Thursday) has it.
  const created = await p.api.post<{ id: number }>(
    `companies/id/${acme}/itineraries`,
    {
      name: "Daily round",
      waypoints: [{ kind: "point", lat: 40.41, lng: -3.7, radius: 200, time: "23:00" }],
      assignments: [{ vehicleId: vehicle, days: [0, 1, 2, 3, 4, 5, 6] }],
    },
    reseller,
  );
  expect(created.status).toBe(200);
  itineraryId = created.body.id;
});
afterAll(async () => {
  await p?.close();
});

describe("conf.general.itenerary", () => {
  it("on (the demo company): the company's users see today's progress, compliance and the engine follow it", async () => {
    const r = await progress();
    expect(r.status).toBe(200);
    expect(r.body.map((i) => i.name)).toContain("Daily round");
    expect((await compliance()).status).toBe(200);
    const plans = await p.services.itineraryPlans.get(acme);
    expect(plans.plans.map((x) => x.id)).toContain(itineraryId);
    expect(await itineraryAlarms()).toEqual({ offered: true, created: 200 });
  });

  it("off: no progress for the company, compliance refused, no itinerary followed; the reseller still edits", async () => {
    await setFlag(false);
    const r = await progress();
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
    const refused = await compliance();
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe("itinerary.disabled");
    expect((await p.services.itineraryPlans.get(acme)).plans).toEqual([]);
    expect(await itineraryAlarms()).toEqual({ offered: false, created: 400, field: "itinerary.disabled" });
    const list = await p.api.get<{ id: number }[]>(`companies/id/${acme}/itineraries`, reseller);
    expect(list.body.map((i) => i.id)).toContain(itineraryId);
    // A vehicle the user cannot see is still not found, flag or not.
    const other = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id <> $1 limit 1", [acme])
    )[0]!.id;
    expect(
      (await p.api.get(`companies/id/${acme}/itineraries/progress?vehicleId=${other}`, admin)).status,
    ).toBe(404);
  });

  it("on again: everything is back at once (the engine's copy is dropped by the company write)", async () => {
    await setFlag(true);
    expect((await progress()).body.map((i) => i.name)).toContain("Daily round");
    expect((await compliance()).status).toBe(200);
    const plans = await p.services.itineraryPlans.get(acme);
    expect(plans.plans.map((x) => x.id)).toContain(itineraryId);
  });

  it("another node drops its copy when told: the alarm rules' cluster signal reloads the plans too", async () => {
    const cached = await p.services.itineraryPlans.get(acme);
    expect(cached.plans.map((x) => x.id)).toContain(itineraryId);
    // Written behind this node's back, as another API node would: the copy here still follows the itinerary.
    await p.ctx.db.query(
      `update companies set conf = jsonb_set(coalesce(conf, '{}'), '{general,itenerary}', 'false') where id = $1`,
      [acme],
    );
    expect(await p.services.itineraryPlans.get(acme)).toBe(cached);
    // What this node runs when another node's write reaches it over the cluster (app/services.ts, ALARM_RULES).
    p.services.alarms.reload(acme);
    expect((await p.services.itineraryPlans.get(acme)).plans).toEqual([]);
    await setFlag(true);
  });

  it("a moved place or a changed time zone reaches the plans at once, not after an expiry", async () => {
    const cached = await p.services.itineraryPlans.get(acme);
    expect(await p.services.itineraryPlans.get(acme)).toBe(cached);
    // What a place write runs (and, over the cluster, every other node).
    p.services.zones.invalidate(acme);
    const afterPlaces = await p.services.itineraryPlans.get(acme);
    expect(afterPlaces).not.toBe(cached);
    // A brand's zone or the reseller tree changed: every company's zone, and so every company's plans.
    p.services.timeZones.invalidate(null);
    expect(await p.services.itineraryPlans.get(acme)).not.toBe(afterPlaces);
  });

  it("only reseller-level users switch it: the company admin cannot write the company record", async () => {
    const r = await p.api.put(companyPath, {}, admin);
    expect([403, 404]).toContain(r.status);
  });
});
