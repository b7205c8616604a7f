/**
 * Places (spec 01 §3, §5; 02 §3, §5): geozones (circle or polygon), points of interest and WMS layers.
 * Shapes and rules shared by the server (400 field errors, CSV import) and the web editor (disabled save).
 */
import { z } from "zod";
import { CIRCLE_RADIUS_MAX_M, CIRCLE_RADIUS_MIN_M } from "./constants.ts";
import { type LatLng, validatePolygon } from "./placesGeometry.ts";
import { circleRadiusSchema, colorSchema, isValidUrl, parseCoordinate } from "./validation/fields.ts";

export * from "./placesGeometry.ts";

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
export interface PolygonGeometry {
  type: "Polygon";
  coordinates: [number, number][][];
}

/**
 * A geozone as the API returns it. lat/lng are the circle centre or the polygon's vertex mean; radius is null for
 * polygons; points is the open ring (empty for circles); geometry is ready for the map.
 */
export interface Geozone {
  id: number;
  name: string;
  color: string;
  group: number | null;
  description: string;
  type: "circle" | "polygon";
  lat: number;
  lng: number;
  radius: number | null;
  points: LatLng[];
  geometry: PolygonGeometry;
  createdTs: number;
  updatedTs: number;
}

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
export interface WmsLayer extends z.output<typeof wmsLayerInputSchema> {
  id: number;
  createdTs: number;
}

/** GET companies/id/{cid}/places/at?lat&lng: the places a point is in (geozones) or within the radius of (POIs). */
export interface PlacesAt {
  geozones: { id: number; name: string }[];
  pois: { id: number; name: string; distanceM: number }[];
}

// ---- Geometry CSV import (02 §5: lat and lng numeric, colour hex, radius 1 to 30000 m) ----

/** One CSV row as the generic CSV screen sends it: strings straight from the file (numbers also accepted). */
export type ImportCell = string | number | null | undefined;
export type ImportRow = Record<string, ImportCell>;
export interface ImportRowError {
  row: number;
  field: string;
  error: string;
}
/** Body of POST .../pois/import and .../geozones/import. commit false only validates. */
export const placesImportBodySchema = z.object({
  rows: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))
    .max(10_000, "import.tooManyRows"),
  commit: z.boolean().default(false),
});
export interface PlacesImportResult<T> {
  errors: ImportRowError[];
  inserted: T[];
  notInserted: { row: number; name: string; errors: ImportRowError[] }[];
}

const text = (v: ImportCell): string => (v === null || v === undefined ? "" : String(v).trim());

function numberCell(row: ImportRow, field: string, index: number, errors: ImportRowError[]): number | null {
  const raw = text(row[field]);
  const value = raw === "" ? Number.NaN : Number(raw.replace(",", "."));
  if (!Number.isFinite(value)) {
    errors.push({ row: index, field, error: raw === "" ? "required" : "notNumeric" });
    return null;
  }
  return value;
}

/** A parsed, field-checked import row; the group is still a name or id for the server to resolve in scope. */
export interface ParsedPlaceRow {
  name: string;
  lat: number;
  lng: number;
  radius: number | null;
  color: string;
  group: string;
  description: string;
  icon: string;
  address: string;
  points: LatLng[] | null;
}

/**
 * Checks one geometry CSV row. Columns: name, lat, lng, radius, color, group, and optionally description, icon,
 * address, and points ("lat lng;lat lng;…") for a polygon geozone. Returns the errors found (row = index).
 */
export function parsePlaceRow(
  row: ImportRow,
  index: number,
  kind: "poi" | "geozone",
): { value: ParsedPlaceRow | null; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const name = text(row.name);
  if (name === "") errors.push({ row: index, field: "name", error: "required" });
  else if (name.length > PLACE_NAME_MAX) errors.push({ row: index, field: "name", error: "tooLong" });
  const pointsText = kind === "geozone" ? text(row.points) : "";
  let points: LatLng[] | null = null;
  let lat: number | null = 0;
  let lng: number | null = 0;
  let radius: number | null = null;
  if (pointsText !== "") {
    points = pointsText.split(";").map((pair) => {
      const [a, b] = pair.trim().split(/[\s,]+/);
      return { lat: Number(a), lng: Number(b) };
    });
    const error = validatePolygon(points);
    if (error) errors.push({ row: index, field: "points", error });
  } else {
    lat = numberCell(row, "lat", index, errors);
    lng = numberCell(row, "lng", index, errors);
    if (lat !== null && (lat < -90 || lat > 90))
      errors.push({ row: index, field: "lat", error: "coordinate.invalid" });
    if (lng !== null && (lng < -180 || lng > 180))
      errors.push({ row: index, field: "lng", error: "coordinate.invalid" });
    const radiusText = text(row.radius);
    radius =
      radiusText === "" && kind === "poi" ? DEFAULT_POI_RADIUS_M : numberCell(row, "radius", index, errors);
    if (radius !== null && (radius < CIRCLE_RADIUS_MIN_M || radius > CIRCLE_RADIUS_MAX_M))
      errors.push({ row: index, field: "radius", error: "radius.range" });
  }
  const colorText = text(row.color);
  const color = colorText === "" ? DEFAULT_PLACE_COLOR : resolvePlaceColor(colorText);
  if (!colorSchema.safeParse(color).success)
    errors.push({ row: index, field: "color", error: "invalidColor" });
  const icon = text(row.icon) || "pin";
  if (kind === "poi" && !(POI_ICONS as readonly string[]).includes(icon))
    errors.push({ row: index, field: "icon", error: "poi.icon" });
  const description = text(row.description);
  if (description.length > PLACE_DESCRIPTION_MAX)
    errors.push({ row: index, field: "description", error: "tooLong" });
  const address = text(row.address);
  if (address.length > POI_ADDRESS_MAX) errors.push({ row: index, field: "address", error: "tooLong" });
  if (errors.length > 0) return { value: null, errors };
  return {
    value: {
      name,
      lat: lat ?? 0,
      lng: lng ?? 0,
      radius,
      color,
      group: text(row.group),
      description,
      icon,
      address,
      points,
    },
    errors,
  };
}
