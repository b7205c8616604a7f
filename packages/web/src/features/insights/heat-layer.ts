import type { Heatmap } from "@vigia/domain";
import type { GeoJSONSource, Map as MapLibre } from "maplibre-gl";

const SOURCE = "insights-heat";
const LAYER = "insights-heat";

/** The hexagon centres of a server heat map as GeoJSON points weighted 0..1 by their share of the busiest. Pure. */
export function heatFeatures(heatmap: Heatmap): GeoJSON.FeatureCollection<GeoJSON.Point> {
  const max = Math.max(1, heatmap.max);
  return {
    type: "FeatureCollection",
    features: heatmap.cells.map((c) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [c.lng, c.lat] },
      properties: { weight: c.count / max, count: c.count },
    })),
  };
}

/** Draws (or, with null, removes) a heat map on a loaded MapLibre map with its heatmap layer. */
export function drawHeatmap(map: MapLibre, heatmap: Heatmap | null): void {
  if (!heatmap) {
    if (map.getLayer(LAYER)) map.removeLayer(LAYER);
    if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    return;
  }
  const data = heatFeatures(heatmap);
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(SOURCE, { type: "geojson", data });
  map.addLayer({
    id: LAYER,
    type: "heatmap",
    source: SOURCE,
    paint: {
      // Square root: one busy depot does not wash out the rest of the fleet's roads.
      "heatmap-weight": ["sqrt", ["get", "weight"]],
      "heatmap-intensity": ["interpolate", ["linear"], ["zoom"], 4, 0.6, 14, 2],
      "heatmap-radius": ["interpolate", ["linear"], ["zoom"], 4, 6, 10, 18, 16, 40],
      "heatmap-opacity": 0.8,
      "heatmap-color": [
        "interpolate",
        ["linear"],
        ["heatmap-density"],
        0,
        "rgba(33,102,172,0)",
        0.2,
        "rgb(103,169,207)",
        0.4,
        "rgb(209,229,240)",
        0.6,
        "rgb(253,219,199)",
        0.8,
        "rgb(239,138,98)",
        1,
        "rgb(178,24,43)",
      ],
    },
  });
}

/** The H3 resolution that suits a zoom level: coarse for a country, street-level for a town. Pure. */
export function resolutionForZoom(zoom: number): number {
  return Math.max(4, Math.min(10, Math.round(zoom * 0.6 + 1)));
}

/** The view that shows every cell of a heat map, or null without cells. Pure. */
export function heatBounds(heatmap: Heatmap): [[number, number], [number, number]] | null {
  if (heatmap.cells.length === 0) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const c of heatmap.cells) {
    w = Math.min(w, c.lng);
    e = Math.max(e, c.lng);
    s = Math.min(s, c.lat);
    n = Math.max(n, c.lat);
  }
  return [
    [w, s],
    [e, n],
  ];
}
