/**
 * Indoor maps and beacons: floor plans placed on the map by three corners, and the
 * Bluetooth beacons whose sightings become positions of source 5 (ble-positioning.ts).
 */
import { z } from "zod";
import { BEACON_N_MAX, BEACON_N_MIN, BEACON_POWER_MAX, BEACON_POWER_MIN } from "./constants.ts";
import { BEACON_LAYOUTS } from "./devices.ts";
import { latLngSchema } from "./places.ts";

export const INDOOR_NAME_MAX = 100;
/** Floor plans: PNG, JPEG or SVG up to 5 MiB. */
export const FLOOR_PLAN_MAX_BYTES = 5 * 1024 * 1024;
export const FLOOR_PLAN_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;
export const LEVEL_MIN = -10;
export const LEVEL_MAX = 200;
export const DEFAULT_BEACON_POWER = -59;
export const DEFAULT_BEACON_N = 2;

const nameSchema = z.string().trim().min(1, "required").max(INDOOR_NAME_MAX, "tooLong");

/** Where the plan lies: three corners (the fourth follows) and how opaque it is drawn over the map. */
export const indoorGeometrySchema = z.object({
  topLeft: latLngSchema,
  topRight: latLngSchema,
  bottomLeft: latLngSchema,
  opacity: z.number().min(0, "indoor.opacity").max(1, "indoor.opacity"),
});
export type IndoorGeometry = z.infer<typeof indoorGeometrySchema>;

/** The bottom-right corner of the parallelogram the three corners span. */
export function bottomRightOf(g: IndoorGeometry): { lat: number; lng: number } {
  return {
    lat: g.topRight.lat + g.bottomLeft.lat - g.topLeft.lat,
    lng: g.topRight.lng + g.bottomLeft.lng - g.topLeft.lng,
  };
}

/**
 * The plan's four corners as a map image source takes them, each [lng, lat]: top-left, top-right,
 * bottom-right, bottom-left.
 */
export function planCorners(
  g: IndoorGeometry,
): [[number, number], [number, number], [number, number], [number, number]] {
  const br = bottomRightOf(g);
  return [
    [g.topLeft.lng, g.topLeft.lat],
    [g.topRight.lng, g.topRight.lat],
    [br.lng, br.lat],
    [g.bottomLeft.lng, g.bottomLeft.lat],
  ];
}

/** A point on the plan (fractions 0…1 from the top-left corner, right and down) as a map coordinate. */
export function planToLatLng(g: IndoorGeometry, u: number, v: number): { lat: number; lng: number } {
  return {
    lat: g.topLeft.lat + u * (g.topRight.lat - g.topLeft.lat) + v * (g.bottomLeft.lat - g.topLeft.lat),
    lng: g.topLeft.lng + u * (g.topRight.lng - g.topLeft.lng) + v * (g.bottomLeft.lng - g.topLeft.lng),
  };
}

/** The inverse of planToLatLng: where a map coordinate falls on the plan (may be outside 0…1). */
export function latLngToPlan(g: IndoorGeometry, p: { lat: number; lng: number }): { u: number; v: number } {
  const ax = g.topRight.lng - g.topLeft.lng;
  const ay = g.topRight.lat - g.topLeft.lat;
  const bx = g.bottomLeft.lng - g.topLeft.lng;
  const by = g.bottomLeft.lat - g.topLeft.lat;
  const px = p.lng - g.topLeft.lng;
  const py = p.lat - g.topLeft.lat;
  const det = ax * by - ay * bx;
  if (det === 0) return { u: 0, v: 0 };
  return { u: (px * by - py * bx) / det, v: (ax * py - ay * px) / det };
}

export const indoorMapInputSchema = z.object({
  name: nameSchema,
  building: z.string().trim().max(INDOOR_NAME_MAX, "tooLong").default(""),
  level: z
    .number()
    .int("invalidNumber")
    .min(LEVEL_MIN, "invalidNumber")
    .max(LEVEL_MAX, "invalidNumber")
    .default(0),
  /**
   * The floor plan: `file:<id>` of the company's file storage, or a path of this site (the demo's own plans);
   * never an outside address, which every viewer's browser would fetch. "" until one is uploaded.
   */
  photoUrl: z
    .string()
    .trim()
    .max(500, "tooLong")
    .regex(/^(file:\d+|\/[A-Za-z0-9/._-]*)?$/, "indoor.photoUrl")
    .refine((u) => !u.startsWith("//") && !u.includes(".."), "indoor.photoUrl")
    .default(""),
  geometry: indoorGeometrySchema.nullable().default(null),
});
export type IndoorMapInput = z.input<typeof indoorMapInputSchema>;

export const indoorMapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  building: z.string(),
  level: z.number().int(),
  photoUrl: z.string(),
  geometry: indoorGeometrySchema.nullable(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type IndoorMap = z.infer<typeof indoorMapSchema>;

export const beaconLayoutSchema = z.enum(BEACON_LAYOUTS, "beacon.type");
export type BeaconLayout = z.infer<typeof beaconLayoutSchema>;

export const beaconInputSchema = z.object({
  name: nameSchema,
  /** What the beacon advertises: iBeacon/AltBeacon "uuid:major:minor", Eddystone "namespace:instance". */
  uuid: z
    .string()
    .trim()
    .min(1, "required")
    .max(100, "tooLong")
    .regex(/^[A-Za-z0-9:_-]+$/, "beacon.uuid"),
  type: beaconLayoutSchema.default("IBEACON_LAYOUT"),
  indoorMapId: z.number().int().positive().nullable().default(null),
  measuredPower: z
    .number("invalidNumber")
    .int("invalidNumber")
    .min(BEACON_POWER_MIN, "beacon.power")
    .max(BEACON_POWER_MAX, "beacon.power")
    .default(DEFAULT_BEACON_POWER),
  n: z
    .number("invalidNumber")
    .min(BEACON_N_MIN, "beacon.n")
    .max(BEACON_N_MAX, "beacon.n")
    .default(DEFAULT_BEACON_N),
  /** Metres above the floor. */
  height: z.number("invalidNumber").min(0, "invalidNumber").max(100, "invalidNumber").default(2.5),
  lat: z.number("coordinate.invalid").min(-90, "coordinate.invalid").max(90, "coordinate.invalid"),
  lng: z.number("coordinate.invalid").min(-180, "coordinate.invalid").max(180, "coordinate.invalid"),
});
export type BeaconInput = z.input<typeof beaconInputSchema>;

export const beaconSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uuid: z.string(),
  type: beaconLayoutSchema,
  indoorMapId: z.number().int().nullable(),
  measuredPower: z.number(),
  n: z.number(),
  height: z.number(),
  lat: z.number(),
  lng: z.number(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type Beacon = z.infer<typeof beaconSchema>;

/** GET ibeacons/inputs: what the beacon form offers. */
export const beaconInputsSchema = z.object({
  types: z.array(beaconLayoutSchema),
  maps: z.array(z.object({ id: z.number().int(), name: z.string(), level: z.number().int() })),
});
export type BeaconInputs = z.infer<typeof beaconInputsSchema>;

/** A CSV row of the beacon import: name, uuid, type, map (name), measured power, N, height, lat, lng. */
export const BEACON_CSV_COLUMNS = [
  "name",
  "uuid",
  "type",
  "map",
  "measuredPower",
  "n",
  "height",
  "lat",
  "lng",
] as const;
