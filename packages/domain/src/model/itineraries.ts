import { z } from "zod";

/**
 * Itineraries: a company's named route of ordered waypoints, each a POI, a geozone or a point with
 * a radius, with a planned passing time, how early and late the arrival may be, and the minimum and maximum
 * stay; assigned to vehicles and persons for days of the week (0 Sunday … 6 Saturday, shown Monday first).
 */
export const ITINERARY_NAME_MAX = 100;
export const ITINERARY_WAYPOINTS_MAX = 100;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time.invalid");
const minutes = z.number().int().min(0).max(1440);

export const waypointSchema = z
  .object({
    kind: z.enum(["poi", "geozone", "point"]),
    /** The POI or geozone id; null for a point. */
    placeId: z.number().int().positive().nullable().default(null),
    lat: z.number().min(-90).max(90).nullable().default(null),
    lng: z.number().min(-180).max(180).nullable().default(null),
    radius: z.number().int().min(1).max(100_000).nullable().default(null),
    time: hhmm,
    before: minutes.default(10),
    after: minutes.default(10),
    minStay: minutes.default(0),
    /** 0: no maximum. */
    maxStay: minutes.default(0),
  })
  .superRefine((w, ctx) => {
    if (w.kind === "point") {
      if (w.lat === null) ctx.addIssue({ code: "custom", path: ["lat"], message: "required" });
      if (w.lng === null) ctx.addIssue({ code: "custom", path: ["lng"], message: "required" });
      if (w.radius === null) ctx.addIssue({ code: "custom", path: ["radius"], message: "required" });
    } else if (w.placeId === null) ctx.addIssue({ code: "custom", path: ["placeId"], message: "required" });
    if (w.maxStay > 0 && w.maxStay < w.minStay)
      ctx.addIssue({ code: "custom", path: ["maxStay"], message: "itinerary.maxBelowMin" });
  });
export type WaypointInput = z.input<typeof waypointSchema>;
export type Waypoint = z.output<typeof waypointSchema>;

/** The kinds of item an itinerary is assigned to: a vehicle, or a person (whose phone sends the positions). */
export const ITINERARY_ITEM_TYPES = ["vehicle", "person"] as const;
export type ItineraryItemType = (typeof ITINERARY_ITEM_TYPES)[number];

/** Callers written before persons could be assigned send `{ vehicleId, days }`: still a vehicle's assignment. */
const legacyAssignment = (value: unknown): unknown => {
  if (typeof value !== "object" || value === null || "itemType" in value || !("vehicleId" in value))
    return value;
  const { vehicleId, ...rest } = value;
  return { ...rest, itemType: "vehicle", itemId: vehicleId };
};

const assignmentObject = z.object({
  itemType: z.enum(ITINERARY_ITEM_TYPES),
  itemId: z.number().int().positive(),
  days: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
});
export const assignmentSchema = z.preprocess(legacyAssignment, assignmentObject);
export type Assignment = z.output<typeof assignmentObject>;
export type AssignmentInput = z.input<typeof assignmentObject>;

export const itineraryWriteSchema = z.object({
  name: z.string().trim().min(1, "required").max(ITINERARY_NAME_MAX, "tooLong"),
  waypoints: z.array(waypointSchema).min(1).max(ITINERARY_WAYPOINTS_MAX),
  assignments: z.array(assignmentSchema).max(1000).default([]),
});
export type ItineraryWrite = z.input<typeof itineraryWriteSchema>;
export type ItineraryValues = z.output<typeof itineraryWriteSchema>;

export const storedWaypointSchema = z.object({
  kind: z.enum(["poi", "geozone", "point"]),
  placeId: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  radius: z.number().nullable(),
  time: z.string(),
  before: z.number(),
  after: z.number(),
  minStay: z.number(),
  maxStay: z.number(),
});

export const itinerarySchema = z.object({
  id: z.number(),
  name: z.string(),
  waypoints: z.array(storedWaypointSchema),
  assignments: z.array(
    z.object({ itemType: z.enum(ITINERARY_ITEM_TYPES), itemId: z.number(), days: z.array(z.number()) }),
  ),
  updatedTs: z.number(),
});
export type Itinerary = z.infer<typeof itinerarySchema>;

/** Waypoints proposed from a vehicle's past day (`from-trip`): the editor fills its table with them. */
export const fromTripSchema = z.object({
  day: z.string(),
  /** How many stops the day had (several at one place make one waypoint). */
  stops: z.number(),
  waypoints: z.array(storedWaypointSchema),
});
export type FromTrip = z.infer<typeof fromTripSchema>;

export const WAYPOINT_STATUSES = [
  "pending",
  "onTime",
  "early",
  "late",
  "stayShort",
  "stayLong",
  "skipped",
  "outOfOrder",
] as const;
export type WaypointStatus = (typeof WAYPOINT_STATUSES)[number];

export const waypointComplianceSchema = z.object({
  index: z.number(),
  status: z.enum(WAYPOINT_STATUSES),
  /** Minutes of the local day. */
  enteredAt: z.number().nullable(),
  leftAt: z.number().nullable(),
  stay: z.number().nullable(),
  /** Arrival minus planned time, minutes (negative: early). */
  delta: z.number().nullable(),
});
export type WaypointCompliance = z.infer<typeof waypointComplianceSchema>;

export const complianceSchema = z.object({
  itineraryId: z.number(),
  itemType: z.enum(ITINERARY_ITEM_TYPES),
  itemId: z.number(),
  day: z.string(),
  assigned: z.boolean(),
  finished: z.boolean(),
  waypoints: z.array(waypointComplianceSchema),
});
export type Compliance = z.infer<typeof complianceSchema>;

/** One waypoint of a vehicle's or person's itinerary today, as the live map draws it: where, when planned, how it went. */
export const waypointProgressSchema = waypointComplianceSchema.extend({
  time: z.string(),
  /** The waypoint area's centre (a polygon geozone: the mean of its corners); null when its place is gone. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The first waypoint still pending: where the vehicle or person should go next. */
  next: z.boolean(),
});
export type WaypointProgress = z.infer<typeof waypointProgressSchema>;

export const itineraryProgressSchema = z.object({
  itineraryId: z.number(),
  name: z.string(),
  day: z.string(),
  finished: z.boolean(),
  waypoints: z.array(waypointProgressSchema),
});
export type ItineraryProgress = z.infer<typeof itineraryProgressSchema>;

/** Visited (any judged arrival), next (the first pending), missed (skipped) or still to come: the map's colours. */
export function waypointPhase(w: {
  status: WaypointStatus;
  next: boolean;
}): "visited" | "next" | "missed" | "pending" {
  if (w.status === "skipped") return "missed";
  if (w.status === "pending") return w.next ? "next" : "pending";
  return "visited";
}

/** "HH:MM" → minutes of the day. */
export function minutesOfDay(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/** "lat, lng" typed in the editor → a point, or null when it does not read as one. */
export function parseLatLng(text: string): { lat: number; lng: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

export const ARRIVAL_STATES = ["pending", "arrived", "left", "missed"] as const;
export type ArrivalState = (typeof ARRIVAL_STATES)[number];

/**
 * Where the item stands at a waypoint, whatever the judgement (on time, late…): not reached yet, there now, been
 * and gone, or missed (its arrival window closed without a visit).
 */
export function arrivalState(w: {
  status: WaypointStatus;
  enteredAt: number | null;
  leftAt: number | null;
}): ArrivalState {
  if (w.status === "skipped") return "missed";
  if (w.enteredAt === null) return "pending";
  return w.leftAt === null ? "arrived" : "left";
}
