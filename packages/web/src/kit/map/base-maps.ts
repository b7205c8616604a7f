/**
 * The company's base map drawn over the offline world layer and under everything else: the offline world
 * layer with the streets Vigia serves from its address tables (vector tiles, `street-layer.ts`), a self-hosted
 * PMTiles archive (vector, Protomaps style, labels with the local glyphs), the site's raster tiles when the
 * deployment names a tile server, or another raster provider. Swapped in place, so a change of the company's
 * choice never rebuilds a map or loses its overlays.
 */
import { namedFlavor, layers as protomapsLayers } from "@protomaps/basemaps";
import { STREET_TILES_MAX_ZOOM, STREET_TILES_MIN_ZOOM } from "@vigia/domain";
import {
  addProtocol,
  type LayerSpecification,
  type Map as MapLibre,
  type SourceSpecification,
} from "maplibre-gl";
import { Protocol } from "pmtiles";
import type { BaseMapChoice } from "../../platform/company/base-map.ts";
import { OSM_ATTRIBUTION, tileUrls } from "./map-style.ts";
import { streetLayers } from "./street-layer.ts";

const BASE_SOURCE = "base";
const BASE_MARK = "vigia:base";
const FIRST_PLACE_LAYER = "world-country-names";
let pmtilesRegistered = false;

function registerPmtiles(): void {
  if (pmtilesRegistered) return;
  pmtilesRegistered = true;
  addProtocol("pmtiles", new Protocol().tile);
}

/** An archive URL the pmtiles protocol can fetch from any page: same-origin paths become absolute. */
export function pmtilesSourceUrl(url: string, origin: string): string {
  return `pmtiles://${new URL(url, origin).href}`;
}

const mark = (layer: LayerSpecification): LayerSpecification => ({
  ...layer,
  metadata: { [BASE_MARK]: true },
});

/**
 * The base source and layers of a choice: none until the offered base maps are known, and no raster source
 * without a tile pattern, so nothing is asked of a server nobody chose. Pure but for the origin.
 */
export function baseLayers(
  choice: BaseMapChoice,
  origin: string,
  lang = "en",
): { source: SourceSpecification | null; layers: LayerSpecification[] } {
  const provider = choice.provider;
  if (!provider) return { source: null, layers: [] };
  if (provider.kind === "offline") {
    if (!provider.url) return { source: null, layers: [] };
    return {
      source: {
        type: "vector",
        tiles: [new URL(provider.url, origin).href.replace(/%7B/g, "{").replace(/%7D/g, "}")],
        minzoom: STREET_TILES_MIN_ZOOM,
        maxzoom: STREET_TILES_MAX_ZOOM,
        attribution: provider.attribution,
      },
      layers: streetLayers(BASE_SOURCE, "base-streets-").map(mark),
    };
  }
  if (provider.kind === "pmtiles" && provider.url) {
    const layers = protomapsLayers(BASE_SOURCE, namedFlavor("light"), { lang })
      // The Protomaps background would hide the offline world layer where the archive has no tiles.
      .filter((layer) => layer.type !== "background")
      // Prefixed: the basemap's ids ("pois", "roads"…) would collide with the app's own layers.
      .map((layer) => ({ ...layer, id: `base-${layer.id}`, metadata: { [BASE_MARK]: true } }));
    return {
      source: {
        type: "vector",
        url: pmtilesSourceUrl(provider.url, origin),
        attribution: provider.attribution,
      },
      layers,
    };
  }
  const tiles = tileUrls(provider.kind === "raster" && provider.url ? provider.url : choice.tilesUrl);
  if (tiles.length === 0) return { source: null, layers: [] };
  return {
    source: {
      type: "raster",
      tiles,
      tileSize: 256,
      maxzoom: 19,
      attribution: provider.attribution || OSM_ATTRIBUTION,
    },
    layers: [
      {
        id: "osm",
        type: "raster",
        source: BASE_SOURCE,
        paint: { "raster-fade-duration": 0 },
        metadata: { [BASE_MARK]: true },
      },
    ],
  };
}

/** The first layer above the base map: the one after the offline world layer. */
function layerAboveBase(map: MapLibre): string | undefined {
  const ids = (map.getStyle()?.layers ?? [])
    .filter(
      (l) => !(l.metadata && typeof l.metadata === "object" && BASE_MARK in l.metadata) && l.id !== "osm",
    )
    .map((l) => l.id);
  const lastWorld = ids.reduce((at, id, i) => (id.startsWith("world-") || id === "background" ? i : at), -1);
  return ids[lastWorld + 1];
}

/** Replaces the map's base source and layers by those of `choice` (call once its style has loaded). */
export function applyBaseMap(map: MapLibre, choice: BaseMapChoice, lang?: string): void {
  for (const layer of map.getStyle()?.layers ?? []) {
    const marked = layer.metadata && typeof layer.metadata === "object" && BASE_MARK in layer.metadata;
    if (marked || layer.id === "osm") map.removeLayer(layer.id);
  }
  for (const id of [BASE_SOURCE, "osm"]) if (map.getSource(id)) map.removeSource(id);
  const { source, layers } = baseLayers(choice, window.location.origin, lang);
  if (!source) return;
  if (choice.provider?.kind === "pmtiles") registerPmtiles();
  map.addSource(BASE_SOURCE, source);
  // Raster tiles cover the offline place names (they carry their own); vector tiles (the archive, the street
  // layer) go under them, and the symbol collision keeps their labels from overlapping ours.
  const vector = choice.provider?.kind !== "raster" && map.getLayer(FIRST_PLACE_LAYER);
  const before = vector ? FIRST_PLACE_LAYER : layerAboveBase(map);
  for (const layer of layers) map.addLayer(layer, before);
}

/** What `whenStyleReady` needs of a map. */
export interface StyleEvents {
  getLayer(id: string): unknown;
  once(type: "style.load", listener: () => void): unknown;
  off(type: "style.load", listener: () => void): unknown;
}

/**
 * Runs `apply` now if the map's style (made by `baseStyle`, which always has a background layer) is parsed, else
 * once it is; returns what cancels the wait.
 */
export function whenStyleReady(map: StyleEvents, apply: () => void): () => void {
  if (map.getLayer("background")) {
    apply();
    return () => undefined;
  }
  map.once("style.load", apply);
  return () => {
    map.off("style.load", apply);
  };
}
