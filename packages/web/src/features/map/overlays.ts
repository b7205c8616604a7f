import type { Feature, FeatureCollection, Geometry } from "geojson";

type Row = Record<string, unknown>;

function rows(collection: unknown): Row[] {
  if (typeof collection !== "object" || collection === null) return [];
  const values = Array.isArray(collection) ? collection : Object.values(collection);
  return values.filter((v): v is Row => typeof v === "object" && v !== null);
}

function latLng(row: Row): [number, number] | null {
  const pos = (typeof row.pos === "object" && row.pos !== null ? row.pos : row) as Row;
  const lat = pos.lat;
  const lng = pos.lng ?? pos.lon;
  return typeof lat === "number" && typeof lng === "number" ? [lng, lat] : null;
}

function isGeometry(value: unknown): value is Geometry {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}

/** POIs (points with lat/lng) and geozones (rows carrying a GeoJSON geometry) as map sources. */
export function overlayData(
  pois: unknown,
  geozones: unknown,
): { pois: FeatureCollection; geozones: FeatureCollection } {
  const poiFeatures: Feature[] = [];
  for (const row of rows(pois)) {
    const at = latLng(row);
    if (at)
      poiFeatures.push({
        type: "Feature",
        properties: { name: String(row.name ?? "") },
        geometry: { type: "Point", coordinates: at },
      });
  }
  const zoneFeatures: Feature[] = [];
  for (const row of rows(geozones)) {
    const geometry = row.geometry ?? row.geojson;
    if (isGeometry(geometry))
      zoneFeatures.push({ type: "Feature", properties: { name: String(row.name ?? "") }, geometry });
  }
  return {
    pois: { type: "FeatureCollection", features: poiFeatures },
    geozones: { type: "FeatureCollection", features: zoneFeatures },
  };
}
