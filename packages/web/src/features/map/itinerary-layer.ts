import { type ItineraryProgress, waypointPhase } from "@vigia/domain";
import type { Feature, FeatureCollection } from "geojson";
import type { GeoJSONSource, Map as MapLibre } from "maplibre-gl";

const SOURCE = "itinerary-progress";
const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

/** Colour of each waypoint phase, on the map and in the detail panel's badges (Mantine colour names there). */
export const PHASE_COLORS = {
  visited: { hex: "#2f9e44", name: "teal" },
  next: { hex: "#1c7ed6", name: "blue" },
  missed: { hex: "#e03131", name: "red" },
  pending: { hex: "#868e96", name: "gray" },
} as const;

/** The itineraries of the selected vehicle today: the planned path in waypoint order, each stop by its phase. */
export function itineraryFeatures(progress: readonly ItineraryProgress[]): FeatureCollection {
  const features: Feature[] = [];
  for (const it of progress) {
    const placed = it.waypoints.flatMap((w) =>
      w.lat !== null && w.lng !== null ? [{ ...w, at: [w.lng, w.lat] as [number, number] }] : [],
    );
    if (placed.length > 1)
      features.push({
        type: "Feature",
        properties: { itineraryId: it.itineraryId },
        geometry: { type: "LineString", coordinates: placed.map((w) => w.at) },
      });
    for (const w of placed)
      features.push({
        type: "Feature",
        properties: { color: PHASE_COLORS[waypointPhase(w)].hex, number: w.index + 1, next: w.next },
        geometry: { type: "Point", coordinates: w.at },
      });
  }
  return { type: "FeatureCollection", features };
}

/** The south-west and north-east corners around an itinerary's placed waypoints, or null when none is placed. */
export function itineraryBounds(it: ItineraryProgress): [[number, number], [number, number]] | null {
  const placed = it.waypoints.flatMap((w) => (w.lat !== null && w.lng !== null ? [[w.lng, w.lat]] : []));
  if (placed.length === 0) return null;
  const lngs = placed.map((p) => p[0] as number);
  const lats = placed.map((p) => p[1] as number);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

const latest = new WeakMap<MapLibre, FeatureCollection | null>();
const waiting = new WeakSet<MapLibre>();

/** Draws (or, with null, clears) the itinerary progress in its own source over the map's other layers. */
export function drawItinerary(map: MapLibre | null, data: FeatureCollection | null): void {
  if (!map) return;
  latest.set(map, data);
  // isStyleLoaded() stays false while the live sources keep updating; only a style still loading refuses a source.
  try {
    addLayers(map);
  } catch {
    if (!waiting.has(map)) {
      waiting.add(map);
      map.once("idle", () => {
        waiting.delete(map);
        drawItinerary(map, latest.get(map) ?? null);
      });
    }
    return;
  }
  (map.getSource(SOURCE) as GeoJSONSource).setData(data ?? EMPTY);
}

function addLayers(map: MapLibre): void {
  if (!map.getSource(SOURCE)) {
    map.addSource(SOURCE, { type: "geojson", data: EMPTY });
    map.addLayer({
      id: "itinerary-path",
      type: "line",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "LineString"],
      layout: { "line-join": "round", "line-cap": "round" },
      paint: { "line-color": "#7048e8", "line-width": 3, "line-dasharray": [2, 2], "line-opacity": 0.8 },
    });
    map.addLayer({
      id: "itinerary-waypoints",
      type: "circle",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "Point"],
      paint: {
        "circle-radius": ["case", ["get", "next"], 10, 7],
        "circle-color": ["get", "color"],
        "circle-stroke-color": "#ffffff",
        "circle-stroke-width": 3,
      },
    });
  }
}
