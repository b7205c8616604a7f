import type { FeatureCollection } from "geojson";
import type { FitBoundsOptions, GeoJSONSource, Map as MapLibre } from "maplibre-gl";

const SOURCE = "map-tool";
const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

/** The map tools' own drawing (a route, a measured line, a point) in one source over the other layers. */
export function drawTool(map: MapLibre | null, data: FeatureCollection | null): void {
  if (!map?.isStyleLoaded()) return;
  if (!map.getSource(SOURCE)) {
    map.addSource(SOURCE, { type: "geojson", data: EMPTY });
    map.addLayer({
      id: "map-tool-fill",
      type: "fill",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "Polygon"],
      paint: { "fill-color": "#f59f00", "fill-opacity": 0.15 },
    });
    map.addLayer({
      id: "map-tool-line",
      type: "line",
      source: SOURCE,
      layout: { "line-join": "round", "line-cap": "round" },
      paint: { "line-color": "#f59f00", "line-width": 4 },
    });
    map.addLayer({
      id: "map-tool-points",
      type: "circle",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "Point"],
      paint: {
        "circle-radius": 6,
        "circle-color": "#f59f00",
        "circle-stroke-color": "#fff",
        "circle-stroke-width": 2,
      },
    });
  }
  (map.getSource(SOURCE) as GeoJSONSource).setData(data ?? EMPTY);
}

export const lineOf = (coordinates: [number, number][]): FeatureCollection => ({
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates } }],
});

export const pointsOf = (coordinates: [number, number][]): FeatureCollection => ({
  type: "FeatureCollection",
  features: coordinates.map((c) => ({
    type: "Feature",
    properties: {},
    geometry: { type: "Point", coordinates: c },
  })),
});

export const merged = (...parts: FeatureCollection[]): FeatureCollection => ({
  type: "FeatureCollection",
  features: parts.flatMap((p) => p.features),
});

/** Brings the box around `coordinates` (lng, lat) into view at once; nothing for none. */
export function fitTool(
  map: MapLibre | null,
  coordinates: readonly [number, number][],
  options: FitBoundsOptions = { padding: 80, maxZoom: 16 },
): void {
  if (!map || coordinates.length === 0) return;
  const lngs = coordinates.map((c) => c[0]);
  const lats = coordinates.map((c) => c[1]);
  map.fitBounds(
    [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
    { ...options, duration: 0 },
  );
}
