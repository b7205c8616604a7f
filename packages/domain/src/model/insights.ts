import { z } from "zod";

/**
 * Dashboard, heat maps and incidents: what the server aggregates for a period. Charts and
 * their tables cover fewer than 1000 vehicles; heat maps are binned on the server into H3 hexagons so that a
 * month of a fleet stays a few thousand cells.
 */
export const CHART_VEHICLES_MAX = 999;
export const TOP_LIST_SIZE = 5;
/** A period may span at most this long (two years, the widest date preset). */
export const INSIGHTS_PERIOD_MAX_MS = 730 * 86_400_000;
export const INCIDENTS_MAX = 2000;

const ts = z.coerce.number().int().nonnegative();
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : value ? value.split(",") : [])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  );

/** `1:5,2:7`: item keys (type 1 vehicle, 2 asset, 3 person, then id). */
const itemKeyList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : value ? value.split(",") : []).flatMap(
      (key): { itemType: 1 | 2 | 3; itemId: number }[] => {
        const [type, id] = key.split(":").map(Number);
        if (type !== 1 && type !== 2 && type !== 3) return [];
        return id !== undefined && Number.isInteger(id) && id > 0 ? [{ itemType: type, itemId: id }] : [];
      },
    ),
  );

export const periodQuerySchema = z
  .object({ from_ts: ts, to_ts: ts, groupIds: idList })
  .refine((q) => q.to_ts > q.from_ts, { message: "period.invalid", path: ["to_ts"] })
  .refine((q) => q.to_ts - q.from_ts <= INSIGHTS_PERIOD_MAX_MS, {
    message: "period.tooLong",
    path: ["to_ts"],
  });

const itemRef = z.object({ itemType: z.number(), itemId: z.number(), name: z.string() });

export const dashboardSchema = z.object({
  fromTs: z.number(),
  toTs: z.number(),
  /** Items the figures cover (the user's, narrowed to the chosen groups). */
  items: z.number(),
  /** More items than charts and tables cover (spec: fewer than 1000): the per-item lists and charts are empty. */
  tooMany: z.boolean(),
  totals: z.object({
    distanceM: z.number(),
    drivingMs: z.number(),
    fuelL: z.number().nullable(),
    score: z.number().nullable(),
  }),
  alarmsByPriority: z.object({ low: z.number(), medium: z.number(), high: z.number() }),
  /** Per day of the period (the company's days): distance and driving time, for the charts. */
  daily: z.array(z.object({ day: z.string(), distanceM: z.number(), drivingMs: z.number() })),
  topDistance: z.array(itemRef.extend({ distanceM: z.number() })),
  worstScores: z.array(itemRef.extend({ score: z.number() })),
  mostAlarms: z.array(itemRef.extend({ alarms: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const HEATMAP_LAYERS = ["positions", "stops", "events", "alarms"] as const;
export type HeatmapLayer = (typeof HEATMAP_LAYERS)[number];
export const HEATMAP_RESOLUTION_MIN = 4;
export const HEATMAP_RESOLUTION_MAX = 10;

export const heatmapQuerySchema = z
  .object({
    from_ts: ts,
    to_ts: ts,
    layer: z.enum(HEATMAP_LAYERS).default("positions"),
    groupIds: idList,
    items: itemKeyList,
    resolution: z.coerce.number().int().min(HEATMAP_RESOLUTION_MIN).max(HEATMAP_RESOLUTION_MAX).default(8),
  })
  .refine((q) => q.to_ts > q.from_ts, { message: "period.invalid", path: ["to_ts"] })
  .refine((q) => q.to_ts - q.from_ts <= INSIGHTS_PERIOD_MAX_MS, {
    message: "period.tooLong",
    path: ["to_ts"],
  });

/** One hexagon: its H3 index, centre and how many points fell in it. */
export const heatCellSchema = z.object({
  h3: z.string(),
  lat: z.number(),
  lng: z.number(),
  count: z.number(),
});
export type HeatCell = z.infer<typeof heatCellSchema>;

export const heatmapSchema = z.object({
  layer: z.enum(HEATMAP_LAYERS),
  resolution: z.number(),
  total: z.number(),
  max: z.number(),
  cells: z.array(heatCellSchema),
});
export type Heatmap = z.infer<typeof heatmapSchema>;

export const INCIDENT_KINDS = [
  "crash",
  "panic",
  "harshAcceleration",
  "harshBraking",
  "sharpTurn",
  "speeding",
  "alarm",
] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/** Device events that are safety incidents, by the incident kind they count as. */
export const INCIDENT_EVENT_KINDS: Record<string, IncidentKind> = {
  crash: "crash",
  sos: "panic",
  harshAcceleration: "harshAcceleration",
  harshBraking: "harshBraking",
  sharpTurn: "sharpTurn",
  overspeed: "speeding",
};

export const incidentSchema = z.object({
  /** `d<type>-<item>-<ts>-<kind>` for a driving event, `e<id>` for a device event, `a<id>` for an alarm notice. */
  key: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  ts: z.number(),
  itemType: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  /** The notice, for high-priority alarms: the position modal opens it. */
  alarmLogId: z.number().nullable(),
  text: z.string(),
  /** The ticket opened from this incident, if any (the row links to it). */
  ticketId: z.number().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const incidentsSchema = z.object({
  incidents: z.array(incidentSchema),
  truncated: z.boolean(),
  byItem: z.array(itemRef.extend({ count: z.number() })),
  byDriver: z.array(z.object({ driverId: z.number(), name: z.string(), count: z.number() })),
  byKind: z.record(z.string(), z.number()),
});
export type Incidents = z.infer<typeof incidentsSchema>;
