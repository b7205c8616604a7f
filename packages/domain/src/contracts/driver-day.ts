import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { derivedDrivingEventSchema } from "../model/derived.ts";

/** The daily driving limit the driver panel measures against. */
export const DRIVING_LIMIT_MS = 4.5 * 3_600_000;
/** How many of the day's driving events the driver panel lists, newest first. */
export const DRIVER_DAY_EVENTS = 10;

/**
 * One driver's day so far (the company's local day): the vehicle they are identified on, driving time from the
 * derived trips they drove, plus the trip running now on their vehicle, and their latest driving events.
 */
export const driverDaySchema = z.object({
  driverId: z.number(),
  /** The vehicle the driver is identified on (iButton, tachograph card, beacon), or none. */
  vehicleId: z.number().nullable(),
  /** YYYY-MM-DD in the company's time zone. */
  day: z.string(),
  dayStartTs: z.number(),
  /** Closed trips of the day plus the running one, in ms. */
  drivingMs: z.number(),
  limitMs: z.number(),
  /** Start of the trip running now (counted up to the answer's time), or null when none runs. */
  runningSinceTs: z.number().nullable(),
  events: z.array(derivedDrivingEventSchema),
});
export type DriverDay = z.infer<typeof driverDaySchema>;

export const driverDayApi = {
  today: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/drivers/id/:id/today",
    access: "user",
    summary: "A driver's day so far: current vehicle, driving time against the limit and latest events",
    tags: ["drivers"],
    params: z.object({ companyId: idParam, id: idParam }),
    response: driverDaySchema,
  }),
};

/** How far the day's driving is into the limit: share 0..1 (capped), the time left and whether it is over. */
export function drivingShare(
  drivingMs: number,
  limitMs: number = DRIVING_LIMIT_MS,
): { share: number; leftMs: number; over: boolean } {
  const used = Number.isFinite(drivingMs) && drivingMs > 0 ? drivingMs : 0;
  if (limitMs <= 0) return { share: 1, leftMs: 0, over: used > 0 };
  return { share: Math.min(1, used / limitMs), leftMs: Math.max(0, limitMs - used), over: used > limitMs };
}
