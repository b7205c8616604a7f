import type { FeatureCollection } from "geojson";
import type { LayerSpecification, SourceSpecification } from "maplibre-gl";

/**
 * Place names of the offline world layer: countries, capitals and large cities from world-places.json (built
 * from GeoNames and Natural Earth by scripts/build-world-places.mjs, served from our origin), drawn as symbol
 * layers with the locally drawn glyphs (local-glyphs.ts). Under the tiles, like the rest of the world layer.
 */
export interface WorldPlacesFile {
  attribution: string;
  /** [lng, lat, name] */
  countries: [number, number, string][];
  /** [lng, lat, name, rank]: 0 capital, 1 over 5 million inhabitants, 2 over 500 000. */
  places: [number, number, string, number][];
}

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };
const FONT = ["Noto Sans Regular"];
const FONT_BOLD = ["Noto Sans Bold"];

export const PLACES_SOURCES: Record<string, SourceSpecification> = {
  "world-countries": { type: "geojson", data: EMPTY },
  "world-places": { type: "geojson", data: EMPTY, attribution: "GeoNames" },
};

/** Countries from zoom 1.5 to 6; capitals from 3, the largest cities from 3.5, the others from 5. */
export const PLACES_LAYERS: LayerSpecification[] = [
  {
    id: "world-country-names",
    type: "symbol",
    source: "world-countries",
    minzoom: 1.5,
    maxzoom: 6,
    layout: {
      "text-field": ["get", "name"],
      "text-font": FONT_BOLD,
      "text-size": ["interpolate", ["linear"], ["zoom"], 2, 10, 5, 14],
      "text-max-width": 7,
      "text-transform": "uppercase",
      "text-letter-spacing": 0.08,
    },
    paint: { "text-color": "#6b7780", "text-halo-color": "rgba(241,241,236,0.9)", "text-halo-width": 1.2 },
  },
  {
    id: "world-place-dots",
    type: "circle",
    source: "world-places",
    minzoom: 3,
    filter: ["<=", ["get", "rank"], ["step", ["zoom"], 0, 3.5, 1, 5, 2]],
    paint: {
      "circle-radius": ["match", ["get", "rank"], 0, 3.5, 2.5],
      "circle-color": "#495057",
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 1,
    },
  },
  {
    id: "world-place-names",
    type: "symbol",
    source: "world-places",
    minzoom: 3,
    filter: ["<=", ["get", "rank"], ["step", ["zoom"], 0, 3.5, 1, 5, 2]],
    layout: {
      "text-field": ["get", "name"],
      "text-font": FONT,
      "text-size": ["match", ["get", "rank"], 0, 13, 1, 12, 11],
      "text-anchor": "top",
      "text-offset": [0, 0.4],
      "text-max-width": 8,
      "symbol-sort-key": ["get", "rank"],
    },
    paint: { "text-color": "#343a40", "text-halo-color": "rgba(255,255,255,0.9)", "text-halo-width": 1.4 },
  },
];

/** The file's rows as the two sources' features. Pure. */
export function placesGeometry(file: WorldPlacesFile): {
  countries: FeatureCollection;
  places: FeatureCollection;
} {
  return {
    countries: {
      type: "FeatureCollection",
      features: file.countries.map(([lng, lat, name]) => ({
        type: "Feature",
        properties: { name },
        geometry: { type: "Point", coordinates: [lng, lat] },
      })),
    },
    places: {
      type: "FeatureCollection",
      features: file.places.map(([lng, lat, name, rank]) => ({
        type: "Feature",
        properties: { name, rank },
        geometry: { type: "Point", coordinates: [lng, lat] },
      })),
    },
  };
}
