/** Geometry CSV import, shared by server and web. */
import { z } from "zod";
import { CIRCLE_RADIUS_MAX_M, CIRCLE_RADIUS_MIN_M } from "./constants.ts";
import { colorSchema } from "./fields.ts";
import {
  DEFAULT_PLACE_COLOR,
  DEFAULT_POI_RADIUS_M,
  PLACE_DESCRIPTION_MAX,
  PLACE_NAME_MAX,
  POI_ADDRESS_MAX,
  POI_ICONS,
  resolvePlaceColor,
} from "./places.ts";
import { type LatLng, validatePolygon } from "./places-geometry.ts";

/** One CSV row as the generic CSV screen sends it: strings straight from the file (numbers also accepted). */
export type ImportCell = string | number | null | undefined;
export type ImportRow = Record<string, ImportCell>;
export const importRowErrorSchema = z.object({ row: z.number().int(), field: z.string(), error: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
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
  /** Rows that passed the checks (the dry run's count of what a commit would insert). */
  valid: number;
}
/** The answer of an import, for the kind of place it inserts. */
export function placesImportResultSchema<T extends z.ZodType>(place: T) {
  return z.object({
    errors: z.array(importRowErrorSchema),
    inserted: z.array(place),
    notInserted: z.array(
      z.object({ row: z.number().int(), name: z.string(), errors: z.array(importRowErrorSchema) }),
    ),
    valid: z.number().int(),
  });
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
