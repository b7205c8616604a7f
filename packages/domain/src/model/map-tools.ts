/**
 * Shapes of the live map's server-backed tools: the track-to-geozone corridor, the DPA limits a user
 * works under, the per-sensor history chart and the markers users drop on the map.
 */
import { z } from "zod";
import { latLngSchema } from "./places.ts";
import { roleSchema } from "./roles.ts";

// ---- track to geozone ----
export const CORRIDOR_WIDTH_M = { min: 10, max: 5_000, default: 100 } as const;
/** Points of a route stretch the server buffers at most (a day of 1-second fixes). */
export const CORRIDOR_MAX_POINTS = 90_000;

/** A route stretch or a drawn line, the corridor's full width and the simplify tolerance (0: the buffer's own). */
export const corridorRequestSchema = z.object({
  line: z
    .array(latLngSchema)
    .min(2, "corridor.tooFewPoints")
    .max(CORRIDOR_MAX_POINTS, "corridor.tooManyPoints"),
  widthM: z.number().int().min(CORRIDOR_WIDTH_M.min).max(CORRIDOR_WIDTH_M.max),
  toleranceM: z.number().min(0).max(1_000).default(0),
});
export type CorridorRequest = z.input<typeof corridorRequestSchema>;

/** The corridor as a geozone ring (open, valid, at most POLYGON_MAX_VERTICES) and the buffer's vertex count. */
export const corridorSchema = z.object({
  points: z.array(latLngSchema),
  bufferVertices: z.number().int(),
});
export type Corridor = z.infer<typeof corridorSchema>;

// ---- DPA limits ----
const restrictionSchema = z.object({
  timeRange: z.object({ from: z.string(), to: z.string() }).nullable(),
  ip: z.string().nullable(),
});
const visibleCount = z.object({ visible: z.number().int(), total: z.number().int() });

/** The company's data-protection limits as they apply to the signed-in user. */
export const dpaInfoSchema = z.object({
  /** Positions and events older than this are deleted. */
  retentionDays: z.number().int(),
  role: roleSchema,
  readOnly: z.boolean(),
  /** null: every group of the company; else the groups (with their subgroups) the user is limited to. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })).nullable(),
  items: z.object({
    vehicles: visibleCount,
    assets: visibleCount,
    persons: visibleCount,
    drivers: visibleCount,
  }),
  /** Persons tracked only inside a work timetable, per timetable. */
  personTimetables: z.array(
    z.object({ id: z.number().int(), name: z.string(), timezone: z.string(), persons: z.array(z.string()) }),
  ),
  /** Persons the user sees that no timetable limits. */
  personsAlwaysTracked: z.number().int(),
  /** When and from where sign-in is allowed: the company's rule and the user's own, both apply. */
  restrictions: z.object({ company: restrictionSchema, user: restrictionSchema }),
  passwordExpirationDays: z.number().nullable(),
});
export type DpaInfo = z.infer<typeof dpaInfoSchema>;

// ---- sensor history ----
/** Points a sensor chart gets at most; a longer period is thinned evenly. */
export const SENSOR_HISTORY_MAX_POINTS = 1_000;

export const sensorHistoryQuerySchema = z.object({
  itemType: z.coerce.number().pipe(z.literal([1, 2, 3])),
  itemId: z.coerce.number().int().positive(),
  key: z.string().min(1).max(64),
  from: z.coerce.number().int().nonnegative(),
  to: z.coerce.number().int().positive(),
});

/** A sensor's stored values over a period: numbers as sent, booleans as 0/1; text values are not charted. */
export const sensorHistorySchema = z.object({
  key: z.string(),
  points: z.array(z.object({ ts: z.number(), value: z.number() })),
  thinned: z.boolean(),
});
export type SensorHistory = z.infer<typeof sensorHistorySchema>;

// ---- map markers ----
export const MARKER_NOTE_MAX = 500;
export const mapMarkerInputSchema = z.object({
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  note: z.string().trim().max(MARKER_NOTE_MAX, "tooLong").default(""),
  lat: latLngSchema.shape.lat,
  lng: latLngSchema.shape.lng,
  /** true: every user of the company sees it; false: only its author. */
  shared: z.boolean().default(false),
});
export type MapMarkerInput = z.input<typeof mapMarkerInputSchema>;

export const mapMarkerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string(),
  lat: z.number(),
  lng: z.number(),
  shared: z.boolean(),
  /** The author's e-mail; mine = the caller wrote it (and may delete it). */
  author: z.string(),
  mine: z.boolean(),
  createdTs: z.number(),
});
export type MapMarker = z.infer<typeof mapMarkerSchema>;
