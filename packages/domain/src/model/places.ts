/**
 * Places: geozones (circle or polygon), points of interest and WMS layers.
 * Shapes and rules shared by the server (400 field errors, CSV import) and the web editor (disabled save).
 */
import { z } from "zod";
import { circleRadiusSchema, colorSchema, isValidUrl, parseCoordinate } from "./fields.ts";
import { validatePolygon } from "./places-geometry.ts";

export * from "./places-geometry.ts";

/** The colour palette: names a person may type (or a CSV may carry) and the hex each stands for. */
export const PLACE_PALETTE = {
  red: "#e03131",
  pink: "#c2255c",
  grape: "#9c36b5",
  violet: "#6741d9",
  indigo: "#3b5bdb",
  blue: "#1971c2",
  cyan: "#0c8599",
  teal: "#099268",
  green: "#2f9e44",
  lime: "#66a80f",
  yellow: "#f08c00",
  orange: "#e8590c",
  brown: "#8b5a2b",
  gray: "#475f7b",
  black: "#212529",
} as const;
export type PaletteName = keyof typeof PLACE_PALETTE;
export const DEFAULT_PLACE_COLOR = PLACE_PALETTE.blue;

/** A palette name (any case) becomes its hex; anything else is returned trimmed, for colorSchema to judge. */
export function resolvePlaceColor(value: string): string {
  const key = value.trim().toLowerCase();
  return key in PLACE_PALETTE ? PLACE_PALETTE[key as PaletteName] : value.trim();
}

export const placeColorSchema = z.string().transform(resolvePlaceColor).pipe(colorSchema);

export const latLngSchema = z.object({
  lat: z.number().min(-90, "coordinate.invalid").max(90, "coordinate.invalid"),
  lng: z.number().min(-180, "coordinate.invalid").max(180, "coordinate.invalid"),
});

/** "lat,lng" typed by a person, as a schema. */
export const coordinateTextSchema = z.string().transform((text, ctx) => {
  const at = parseCoordinate(text);
  if (!at) {
    ctx.addIssue({ code: "custom", message: "coordinate.invalid" });
    return z.NEVER;
  }
  return at;
});

export const PLACE_NAME_MAX = 100;
export const PLACE_DESCRIPTION_MAX = 500;
export const POI_ADDRESS_MAX = 300;
export const DEFAULT_POI_RADIUS_M = 50;
export const POI_ICONS = [
  "pin",
  "flag",
  "home",
  "building",
  "warehouse",
  "factory",
  "fuel",
  "parking",
  "tool",
  "star",
] as const;
export type PoiIcon = (typeof POI_ICONS)[number];

const nameSchema = z.string().trim().min(1, "required").max(PLACE_NAME_MAX, "tooLong");
/** The place's group; null = company-wide (visible to everyone in the company). */
const groupSchema = z.number().int().positive().nullable().default(null);

export const polygonRingSchema = z.array(latLngSchema).superRefine((ring, ctx) => {
  const error = validatePolygon(ring);
  if (error) ctx.addIssue({ code: "custom", message: error });
});

const geozoneCommon = {
  name: nameSchema,
  color: placeColorSchema.default(DEFAULT_PLACE_COLOR),
  group: groupSchema,
  description: z.string().trim().max(PLACE_DESCRIPTION_MAX, "tooLong").default(""),
  /** km/h; the speeding alarm family with value 0 uses it while an item is inside. */
  speedLimit: z.number().int().min(1, "invalidNumber").max(400, "invalidNumber").nullable().default(null),
};

/** Body of POST/PUT geozones: a circle (centre and radius) or a polygon (closed or open ring, auto-closed). */
export const geozoneInputSchema = z.discriminatedUnion("type", [
  z.object({
    ...geozoneCommon,
    type: z.literal("circle"),
    lat: latLngSchema.shape.lat,
    lng: latLngSchema.shape.lng,
    radius: circleRadiusSchema,
  }),
  z.object({ ...geozoneCommon, type: z.literal("polygon"), points: polygonRingSchema }),
]);
export type GeozoneInput = z.input<typeof geozoneInputSchema>;
export type GeozoneValues = z.output<typeof geozoneInputSchema>;

/** GeoJSON polygon as the map draws it (circles are approximated). */
export const polygonGeometrySchema = z.object({
  type: z.literal("Polygon"),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});
export type PolygonGeometry = z.infer<typeof polygonGeometrySchema>;

/**
 * A geozone as the API returns it. lat/lng are the circle centre or the polygon's vertex mean; radius is null for
 * polygons; points is the open ring (empty for circles); geometry is ready for the map.
 */
export const geozoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  group: z.number().int().nullable(),
  description: z.string(),
  type: z.enum(["circle", "polygon"]),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().nullable(),
  points: z.array(z.object({ lat: z.number(), lng: z.number() })),
  speedLimit: z.number().nullable(),
  geometry: polygonGeometrySchema,
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type Geozone = z.infer<typeof geozoneSchema>;

export const poiInputSchema = z.object({
  name: nameSchema,
  lat: latLngSchema.shape.lat,
  lng: latLngSchema.shape.lng,
  radius: circleRadiusSchema.default(DEFAULT_POI_RADIUS_M),
  color: placeColorSchema.default(DEFAULT_PLACE_COLOR),
  icon: z.enum(POI_ICONS, "poi.icon").default("pin"),
  group: groupSchema,
  address: z.string().trim().max(POI_ADDRESS_MAX, "tooLong").default(""),
});
export type PoiInput = z.input<typeof poiInputSchema>;
export type PoiValues = z.output<typeof poiInputSchema>;

/** A POI as the API returns it and the live `poi` message carries it. */
export const poiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number(),
  color: z.string(),
  icon: z.enum(POI_ICONS),
  group: z.number().int().nullable(),
  address: z.string(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type Poi = z.infer<typeof poiSchema>;

export const wmsLayerInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(1000, "tooLong")
    .refine((u) => /^https?:\/\//i.test(u) && isValidUrl(u), "invalidUrl"),
  name: z.string().trim().min(1, "required").max(200, "tooLong"),
  title: z.string().trim().min(1, "required").max(PLACE_NAME_MAX, "tooLong"),
});
export type WmsLayerInput = z.input<typeof wmsLayerInputSchema>;
/** A WMS layer as the API returns it. */
export const wmsLayerSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  title: z.string(),
  createdTs: z.number(),
});
export type WmsLayer = z.infer<typeof wmsLayerSchema>;

/** A point typed or clicked: the query of places/at. */
export const placesAtQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
/** GET companies/id/{cid}/places/at?lat&lng: the places a point is in (geozones) or within the radius of (POIs). */
export const placesAtSchema = z.object({
  geozones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  pois: z.array(z.object({ id: z.number().int(), name: z.string(), distanceM: z.number() })),
});
export type PlacesAt = z.infer<typeof placesAtSchema>;
