import { circleRing, distanceM, type LatLng, normalizeRing, ringToGeoJson } from "@vigia/domain";
import type { Feature, FeatureCollection } from "geojson";

/** The shape being drawn or edited on a places map. Pure helpers: the map code only forwards pointer events. */
export type Shape =
  | { type: "circle"; center: LatLng; radius: number }
  | { type: "polygon"; points: LatLng[]; open?: boolean }
  | { type: "point"; center: LatLng; radius: number };

export type Handle = { kind: "vertex"; index: number } | { kind: "center" } | { kind: "radius" };

const round = (v: number): number => Math.round(v * 1e7) / 1e7;
export const roundLatLng = (p: LatLng): LatLng => ({ lat: round(p.lat), lng: round(p.lng) });

/** Point due east of the centre at the radius: where the resize handle sits. */
export function radiusHandle(center: LatLng, radius: number): LatLng {
  const dLng = radius / (111_195 * Math.max(Math.cos((center.lat * Math.PI) / 180), 1e-6));
  return { lat: center.lat, lng: center.lng + dLng };
}

/** Drag a handle to `to`. Radius is clamped to the allowed 1–30000 m by the caller's validation, not here. */
export function dragHandle(shape: Shape, handle: Handle, to: LatLng): Shape {
  const p = roundLatLng(to);
  if (shape.type === "polygon" && handle.kind === "vertex") {
    const points = shape.points.slice();
    points[handle.index] = p;
    return { ...shape, points };
  }
  if (shape.type !== "polygon" && handle.kind === "center") return { ...shape, center: p };
  if (shape.type !== "polygon" && handle.kind === "radius")
    return { ...shape, radius: Math.max(1, Math.round(distanceM(shape.center, p))) };
  return shape;
}

/** Moves the whole shape by the difference between two pointer positions. */
export function translate(shape: Shape, from: LatLng, to: LatLng): Shape {
  const dLat = to.lat - from.lat;
  const dLng = to.lng - from.lng;
  const move = (q: LatLng): LatLng =>
    roundLatLng({ lat: Math.max(-90, Math.min(90, q.lat + dLat)), lng: q.lng + dLng });
  if (shape.type === "polygon") return { ...shape, points: shape.points.map(move) };
  return { ...shape, center: move(shape.center) };
}

/** Inserts a vertex after `index` (the midpoint handles). */
export function insertVertex(shape: Shape, index: number, at: LatLng): Shape {
  if (shape.type !== "polygon") return shape;
  const points = shape.points.slice();
  points.splice(index + 1, 0, roundLatLng(at));
  return { ...shape, points };
}

/** Removes a vertex, keeping at least three. */
export function removeVertex(shape: Shape, index: number): Shape {
  if (shape.type !== "polygon" || normalizeRing(shape.points).length <= 3) return shape;
  return { ...shape, points: shape.points.filter((_, i) => i !== index) };
}

/** The shape outline (polygon or circle ring) as GeoJSON, plus its handles as points. */
export function shapeFeatures(
  shape: Shape | null,
  preview?: LatLng | null,
): {
  outline: FeatureCollection;
  handles: FeatureCollection;
} {
  const empty: FeatureCollection = { type: "FeatureCollection", features: [] };
  if (!shape) return { outline: empty, handles: empty };
  const handles: Feature[] = [];
  const point = (p: LatLng, props: Record<string, string | number>): Feature => ({
    type: "Feature",
    properties: props,
    geometry: { type: "Point", coordinates: [p.lng, p.lat] },
  });
  let outline: Feature | null = null;
  if (shape.type === "polygon") {
    const pts = preview && shape.open ? [...shape.points, preview] : shape.points;
    shape.points.forEach((p, i) => {
      handles.push(point(p, { kind: "vertex", index: i }));
      const next = shape.points[(i + 1) % shape.points.length];
      if (!shape.open && next && shape.points.length > 1)
        handles.push(
          point({ lat: (p.lat + next.lat) / 2, lng: (p.lng + next.lng) / 2 }, { kind: "mid", index: i }),
        );
    });
    if (pts.length >= 3)
      outline = {
        type: "Feature",
        properties: {},
        geometry: { type: "Polygon", coordinates: ringToGeoJson(pts) },
      };
    else if (pts.length === 2)
      outline = {
        type: "Feature",
        properties: {},
        geometry: { type: "LineString", coordinates: pts.map((p) => [p.lng, p.lat]) },
      };
  } else {
    handles.push(point(shape.center, { kind: "center", index: -1 }));
    if (shape.type === "circle")
      handles.push(point(radiusHandle(shape.center, shape.radius), { kind: "radius", index: -1 }));
    outline = {
      type: "Feature",
      properties: {},
      geometry: { type: "Polygon", coordinates: ringToGeoJson(circleRing(shape.center, shape.radius)) },
    };
  }
  return {
    outline: { type: "FeatureCollection", features: outline ? [outline] : [] },
    handles: { type: "FeatureCollection", features: handles },
  };
}

/** The drawing help for what is on the map: editing a circle has no vertices to talk about. Pure. */
export function geozoneHint(
  mode: string,
  shape: { type: string } | null,
  t: (
    key: "places.hint.circle" | "places.hint.polygon" | "places.hint.edit" | "places.hint.editCircle",
  ) => string,
): string {
  if (mode === "circle") return t("places.hint.circle");
  if (mode === "polygon") return t("places.hint.polygon");
  return shape?.type === "circle" ? t("places.hint.editCircle") : t("places.hint.edit");
}

/** A circle's centre as the coordinate field writes it. Pure. */
export function circleCentreText(center: { lat: number; lng: number }): string {
  return `${center.lat.toFixed(6)},${center.lng.toFixed(6)}`;
}
