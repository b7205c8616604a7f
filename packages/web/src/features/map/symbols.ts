import type { ItemKey } from "@vigia/domain";
import type { MotionClass } from "../../platform/live/store.ts";

/** Glyphs drawn inside the item badges; each is one runtime-generated icon family. */
export const GLYPHS = [
  "car",
  "suv",
  "van",
  "truck",
  "bus",
  "motorcycle",
  "scooter",
  "bicycle",
  "tractor",
  "machinery",
  "ship",
  "train",
  "vehicle",
  "asset",
  "box",
  "container",
  "pallet",
  "suitcase",
  "pet",
  "dog",
  "cat",
  "child",
  "person",
] as const;
export type Glyph = (typeof GLYPHS)[number];

const VEHICLE_GLYPH: Record<string, Glyph> = {
  car: "car",
  lpg: "car",
  pickup: "suv",
  van: "van",
  boxVan: "van",
  truck: "truck",
  bus: "bus",
  motorcycle: "motorcycle",
  scooter: "scooter",
  bicycle: "bicycle",
  tractor: "tractor",
  machinery: "machinery",
  ship: "ship",
  train: "train",
};

const ASSET_GLYPH: Record<string, Glyph> = {
  generic: "asset",
  suitcase: "suitcase",
  pet: "pet",
  dog: "dog",
  cat: "cat",
  cattle: "pet",
  child: "child",
  bracelet: "person",
  box: "box",
  container: "container",
  pallet: "pallet",
};

/** The badge glyph of an item by kind and its catalogue type; unknown types get the generic one. */
export function glyphFor(kind: ItemKey, type: string | null | undefined): Glyph {
  if (kind === "person") return "person";
  if (kind === "asset") return ASSET_GLYPH[type ?? ""] ?? "asset";
  return VEHICLE_GLYPH[type ?? ""] ?? "vehicle";
}

/** Intrack marker: stop when not in track; play in warning (idle) or success (moving) colour. */
export type IntrackMarker = "none" | "stop" | "play-warning" | "play-success" | "play-muted";

export function intrackMarker(
  kind: ItemKey,
  intrack: boolean | null | undefined,
  motion: MotionClass,
): IntrackMarker {
  if (kind !== "vehicle" || intrack === null || intrack === undefined) return "none";
  if (!intrack) return "stop";
  if (motion === "moving") return "play-success";
  if (motion === "idle") return "play-warning";
  return "play-muted";
}

export const MOTION_COLORS: Record<MotionClass, string> = {
  moving: "#2f9e44",
  idle: "#f08c00",
  stopped: "#5c6b7a",
  // Grey: old data, not an alarm (an alarm is red).
  offline: "#adb5bd",
  // Lighter still: never heard at all.
  noData: "#dee2e6",
};

export const MARKER_COLORS: Record<Exclude<IntrackMarker, "none">, string> = {
  stop: "#495057",
  "play-warning": "#f08c00",
  "play-success": "#2f9e44",
  "play-muted": "#868e96",
};

/** Map image id of a badge; the image is drawn the first time the map asks for it. */
export function badgeIconId(glyph: Glyph, motion: MotionClass, marker: IntrackMarker): string {
  return `b|${glyph}|${motion}|${marker}`;
}

export function parseBadgeIconId(
  id: string,
): { glyph: Glyph; motion: MotionClass; marker: IntrackMarker } | null {
  const [prefix, glyph, motion, marker] = id.split("|");
  if (prefix !== "b" || !glyph || !motion || !marker) return null;
  if (!(GLYPHS as readonly string[]).includes(glyph) || !(motion in MOTION_COLORS)) return null;
  if (marker !== "none" && !(marker in MARKER_COLORS)) return null;
  return { glyph: glyph as Glyph, motion: motion as MotionClass, marker: marker as IntrackMarker };
}

/** Only moving items show a heading pointer; a parked car's last course says nothing useful. */
export function headingIconId(motion: MotionClass): string {
  return motion === "moving" ? "heading|moving" : "";
}
