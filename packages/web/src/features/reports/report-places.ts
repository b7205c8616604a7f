import type { Geozone, Poi, ReportMapData } from "@vigia/domain";

/**
 * The company's places a report's map preview draws: those whose ids the report names, in the order of the
 * company's lists. Ids the user cannot see (or that were deleted since) are simply not drawn. Pure.
 */
export function reportPlaces(
  places: { geozones: Record<string, Geozone>; pois: Record<string, Poi> },
  map: Pick<ReportMapData, "geozoneIds" | "poiIds">,
): { geozones: Geozone[]; pois: Poi[] } {
  const zones = new Set(map.geozoneIds);
  const pois = new Set(map.poiIds);
  return {
    geozones: Object.values(places.geozones).filter((z) => zones.has(z.id)),
    pois: Object.values(places.pois).filter((p) => pois.has(p.id)),
  };
}

/** Points that frame the places on the preview: circle and POI centres, polygon vertices. Pure. */
export function placePoints(places: { geozones: Geozone[]; pois: Poi[] }): [number, number][] {
  const out: [number, number][] = [];
  for (const z of places.geozones) {
    if (z.type === "circle" || z.points.length === 0) out.push([z.lng, z.lat]);
    else for (const p of z.points) out.push([p.lng, p.lat]);
  }
  for (const p of places.pois) out.push([p.lng, p.lat]);
  return out;
}
