import { DRIVER_DAY_EVENTS, DRIVING_LIMIT_MS, type DriverDay } from "@vigia/domain";
import { drivingEvents, localDayOf, type TimeZoneCache, trips } from "../derived/index.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { ItemsContext } from "./guard.ts";

/**
 * A driver's day for the map's driver panel. Driving time is read from the derived trips (closed segments) the
 * driver drove today, on whichever vehicle, plus the trip running now on their current vehicle, which the live
 * state starts (`since`) and which item_trips only holds once it ends.
 */
export async function driverDay(
  ctx: ItemsContext & { timeZones: TimeZoneCache },
  scope: CompanyScope,
  driverId: number,
): Promise<DriverDay> {
  const driver = await visibleItem<{ group_id: number | null; vehicle_id: number | null }>(
    ctx.db,
    scope,
    "drivers",
    driverId,
  );
  const now = ctx.clock.now();
  const day = localDayOf(now, await ctx.timeZones.get(scope.companyId));
  const range = { from: day.startTs, to: day.endTs };
  // The readers keep to the caller's visible items: a trip on a vehicle this user cannot see is not counted.
  const [dayTrips, dayEvents] = await Promise.all([
    trips(ctx.db, scope, range),
    drivingEvents(ctx.db, scope, range),
  ]);
  let drivingMs = 0;
  for (const trip of dayTrips) if (trip.driverId === driverId) drivingMs += trip.drivingMs;

  const vehicleId = await visibleVehicle(ctx, scope, driver.vehicle_id);
  const live = vehicleId === null ? undefined : ctx.live.state(1, vehicleId);
  const runningSinceTs =
    live && live.motion === "moving" && live.since !== null && !live.offline
      ? Math.max(live.since, day.startTs)
      : null;
  if (runningSinceTs !== null) drivingMs += Math.max(0, now - runningSinceTs);

  const events = dayEvents
    .filter((event) => event.driverId === driverId)
    .sort((a, b) => b.ts - a.ts)
    .slice(0, DRIVER_DAY_EVENTS);
  return {
    driverId,
    vehicleId,
    day: day.day,
    dayStartTs: day.startTs,
    drivingMs,
    limitMs: DRIVING_LIMIT_MS,
    runningSinceTs,
    events,
  };
}

/** The driver's vehicle when the caller may see it; a vehicle of another group is not named. */
async function visibleVehicle(
  ctx: ItemsContext,
  scope: CompanyScope,
  vehicleId: number | null,
): Promise<number | null> {
  if (vehicleId === null) return null;
  const rows = await ctx.db.query<{ group_id: number | null }>(
    "select group_id from vehicles where id = $1 and company_id = $2",
    [vehicleId, scope.companyId],
  );
  const row = rows[0];
  if (!row) return null;
  if (scope.groupIds !== null && (row.group_id === null || !scope.groupIds.includes(row.group_id)))
    return null;
  return Number(vehicleId);
}
