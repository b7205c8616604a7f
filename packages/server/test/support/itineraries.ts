import { EVENT_FAMILY, emptyAlarmRule } from "@vigia/domain";
import { expect } from "vitest";
import type { TestPlatform } from "./platform.ts";

/** A point waypoint of 300 m due at a local `time`, ±5 min, staying 2 to 10 min. */
export const waypoint = (where: { lat: number; lng: number }, time: string) => ({
  kind: "point",
  ...where,
  radius: 300,
  time,
  before: 5,
  after: 5,
  minStay: 2,
  maxStay: 10,
});

/**
 * The company's only itinerary (the demo's own rounds are deleted: they would raise deviations too), run by the
 * vehicle on Thursdays (TEST_START's weekday), and an itinerary alarm rule for that vehicle. Answers the rule's id.
 */
export async function itineraryWithRule(
  p: TestPlatform,
  companyId: number,
  vehicleId: number,
  waypoints: ReturnType<typeof waypoint>[],
): Promise<number> {
  const reseller = await p.api.token("reseller@vigia.demo");
  const admin = await p.api.token("admin@acme.demo");
  const demo = await p.api.get<{ id: number }[]>(`companies/id/${companyId}/itineraries`, reseller);
  for (const it of demo.body)
    await p.api.request("DELETE", `companies/id/${companyId}/itineraries/id/${it.id}`, { token: reseller });
  const itinerary = await p.api.post<{ id: number }>(
    `companies/id/${companyId}/itineraries`,
    { name: "Thursday round", waypoints, assignments: [{ vehicleId, days: [4] }] },
    reseller,
  );
  expect(itinerary.status).toBe(200);
  const rule = emptyAlarmRule();
  rule.items.itemsType = 1;
  rule.items.vehicleIds = [vehicleId];
  rule.info.name = "Itinerary deviations";
  rule.info.priority = 3;
  rule.info.family = EVENT_FAMILY.itinerary;
  rule.info.value = null;
  const created = await p.api.post<{ id: number }>(`companies/id/${companyId}/alarms`, rule, admin);
  expect(created.status).toBe(200);
  return created.body.id;
}
