import type { FeatureCollection } from "geojson";
import type { GeoJSONSource, LayerSpecification, Map as MapLibre, SourceSpecification } from "maplibre-gl";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import placesUrl from "./world-places.json?url";
import { PLACES_LAYERS, PLACES_SOURCES, placesGeometry, type WorldPlacesFile } from "./world-places.ts";

/**
 * The map's own ground: Natural Earth land and country borders shipped with the app (world-atlas TopoJSON,
 * served from our origin), drawn under the raster tiles. Without access to any tile server the map still
 * shows coasts and countries around the items; when tiles load they cover it.
 */
export const WORLD_SEA = "#d4e4ee";
const WORLD_LAND = "#f1f1ec";
const WORLD_BORDER = "#9aa5ad";

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

export const WORLD_SOURCES: Record<string, SourceSpecification> = {
  "world-land": { type: "geojson", data: EMPTY, attribution: "Natural Earth" },
  "world-borders": { type: "geojson", data: EMPTY },
  ...PLACES_SOURCES,
};

export const WORLD_LAYERS: LayerSpecification[] = [
  { id: "world-land", type: "fill", source: "world-land", paint: { "fill-color": WORLD_LAND } },
  {
    id: "world-borders",
    type: "line",
    source: "world-borders",
    paint: {
      "line-color": WORLD_BORDER,
      "line-width": ["interpolate", ["linear"], ["zoom"], 2, 0.5, 8, 1.5],
    },
  },
  ...PLACES_LAYERS,
];

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Land polygons and inner borders (shared arcs only, so coasts are not drawn twice) of the atlas. */
export function worldGeometry(topology: Countries): { land: FeatureCollection; borders: FeatureCollection } {
  // A GeometryCollection object always gives a FeatureCollection.
  const land: FeatureCollection = feature(topology, topology.objects.land);
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    land,
    borders: {
      type: "FeatureCollection",
      features: [{ type: "Feature", properties: {}, geometry: borders }],
    },
  };
}

/** A loader of the JSON file at `url`, read with `parse`: fetched once for all maps, again after a failure. */
function loaderOf<T, R>(url: string, what: string, parse: (file: T) => R): () => Promise<R> {
  let loading: Promise<R> | null = null;
  return () => {
    loading ??= fetch(url)
      .then((r) => {
        if (!r.ok) throw new Error(`${what} ${r.status}`);
        return r.json() as Promise<T>;
      })
      .then(parse)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}

const loadWorld = loaderOf(countriesUrl, "world atlas", (file: Countries) => worldGeometry(file));
const loadPlaces = loaderOf(placesUrl, "world places", (file: WorldPlacesFile) => placesGeometry(file));

/** Fills the world sources of a map made with `baseStyle` once both the style and the atlas are there. */
export function attachWorld(map: MapLibre): void {
  const fill = () => {
    void loadWorld()
      .then(({ land, borders }) => {
        (map.getSource("world-land") as GeoJSONSource | undefined)?.setData(land);
        (map.getSource("world-borders") as GeoJSONSource | undefined)?.setData(borders);
      })
      .catch((error: unknown) => console.warn("offline world layer unavailable:", error));
    void loadPlaces()
      .then(({ countries, places }) => {
        (map.getSource("world-countries") as GeoJSONSource | undefined)?.setData(countries);
        (map.getSource("world-places") as GeoJSONSource | undefined)?.setData(places);
      })
      .catch((error: unknown) => console.warn("offline place names unavailable:", error));
  };
  // The style's sources exist as soon as it is parsed; `isStyleLoaded` also waits for every tile (never, offline)
  // and "load" has already fired on a map attached after its first render.
  if (map.getSource("world-land")) fill();
  else map.once("style.load", fill);
}
