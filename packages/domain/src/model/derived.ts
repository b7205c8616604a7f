import { z } from "zod";

/**
 * Derived history: what the processor keeps per item as positions are committed, and what reports read.
 * Times are epoch ms, distances metres, speeds km/h, durations ms, fuel litres (null: the item reports no fuel),
 * odometer metres and hours (engine time) seconds, like live state.
 */

const itemType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const itemKey = { itemType, itemId: z.number().int() };

export const derivedTripSchema = z.object({
  ...itemKey,
  startTs: z.number(),
  endTs: z.number(),
  startLat: z.number(),
  startLng: z.number(),
  endLat: z.number(),
  endLng: z.number(),
  distanceM: z.number(),
  drivingMs: z.number(),
  /** Time within the trip spent with the ignition on and not moving (traffic lights, queues). */
  idleMs: z.number(),
  maxSpd: z.number(),
  /** Distance over driving time, km/h. */
  avgSpd: z.number(),
  fuelUsed: z.number().nullable(),
  odometerStart: z.number(),
  odometerEnd: z.number(),
  hoursStart: z.number(),
  hoursEnd: z.number(),
  driverId: z.number().int().nullable(),
  points: z.number().int(),
});
export type DerivedTrip = z.infer<typeof derivedTripSchema>;

export const derivedStopSchema = z.object({
  ...itemKey,
  startTs: z.number(),
  endTs: z.number(),
  lat: z.number(),
  lng: z.number(),
  /** Time within the stop with the ignition on. */
  idleMs: z.number(),
  driverId: z.number().int().nullable(),
});
export type DerivedStop = z.infer<typeof derivedStopSchema>;

export const derivedIdleSchema = z.object({
  ...itemKey,
  startTs: z.number(),
  endTs: z.number(),
  lat: z.number(),
  lng: z.number(),
  fuelUsed: z.number().nullable(),
  driverId: z.number().int().nullable(),
});
export type DerivedIdle = z.infer<typeof derivedIdleSchema>;

/** What a visit is of, and its stored code (beacon zones, have their own id sequence). */
export const PLACE_KINDS = { geozone: 1, poi: 2, beaconZone: 3 } as const;
export const placeKindSchema = z.enum(["geozone", "poi", "beaconZone"]);
export type PlaceKind = z.infer<typeof placeKindSchema>;
export type PlaceKindCode = (typeof PLACE_KINDS)[PlaceKind];

/** The kind a stored code names; an unknown code reads as a geozone, as rows stored before the codes grew did. */
export function placeKindOf(code: number): PlaceKind {
  return code === PLACE_KINDS.poi ? "poi" : code === PLACE_KINDS.beaconZone ? "beaconZone" : "geozone";
}

export const derivedVisitSchema = z.object({
  ...itemKey,
  placeKind: placeKindSchema,
  placeId: z.number().int(),
  startTs: z.number(),
  endTs: z.number(),
  distanceM: z.number(),
  maxSpd: z.number(),
  driverId: z.number().int().nullable(),
});
export type DerivedVisit = z.infer<typeof derivedVisitSchema>;

/** The device events that describe how the item is driven (device-events.ts names). */
export const DRIVING_EVENT_KINDS = [
  "harshAcceleration",
  "harshBraking",
  "sharpTurn",
  "overspeed",
  "crash",
] as const;
export type DrivingEventKind = (typeof DRIVING_EVENT_KINDS)[number];
export const drivingEventKindSchema = z.enum(DRIVING_EVENT_KINDS);

export const derivedDrivingEventSchema = z.object({
  ...itemKey,
  ts: z.number(),
  kind: drivingEventKindSchema,
  lat: z.number(),
  lng: z.number(),
  spd: z.number(),
  value: z.number().nullable(),
  driverId: z.number().int().nullable(),
});
export type DerivedDrivingEvent = z.infer<typeof derivedDrivingEventSchema>;

/** One item's local day in the company's time zone. */
export const derivedDaySchema = z.object({
  ...itemKey,
  /** Local date, YYYY-MM-DD. */
  day: z.string(),
  /** The local midnight that starts the day, epoch ms. */
  dayStartTs: z.number(),
  firstTs: z.number(),
  lastTs: z.number(),
  distanceM: z.number(),
  drivingMs: z.number(),
  idleMs: z.number(),
  stoppedMs: z.number(),
  maxSpd: z.number(),
  avgSpd: z.number(),
  fuelUsed: z.number().nullable(),
  odometerStart: z.number(),
  odometerEnd: z.number(),
  hoursStart: z.number(),
  hoursEnd: z.number(),
  trips: z.number().int(),
  drivingEvents: z.number().int(),
  points: z.number().int(),
});
export type DerivedDay = z.infer<typeof derivedDaySchema>;
