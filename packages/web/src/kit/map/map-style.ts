import { MAP_DEFAULTS } from "@vigia/domain";
import type {
  ExpressionSpecification,
  LayerSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
} from "maplibre-gl";
import { LOCAL_GLYPHS_URL, registerLocalGlyphs } from "./local-glyphs.ts";
import { WORLD_LAYERS, WORLD_SEA, WORLD_SOURCES } from "./world-layer.ts";

export const OSM_ATTRIBUTION = "© OpenStreetMap contributors";
/** Sea under the offline world layer and the tiles (see world-layer.ts). */
export const MAP_BACKGROUND = WORLD_SEA;
const FONT = ["Inter", "Segoe UI", "Roboto", "Arial", "sans-serif"];

/**
 * Raster tiles of a {z}/{x}/{y} pattern; {s} subdomains are expanded to a, b, c. No pattern, no tiles: there
 * is no tile server the app falls back to, so a map never sends requests to a third party nobody chose.
 */
export function tileUrls(pattern: string | null | undefined): string[] {
  const url = pattern?.trim() ?? "";
  if (url === "") return [];
  return url.includes("{s}") ? ["a", "b", "c"].map((s) => url.replace("{s}", s)) : [url];
}

/**
 * The base style: sea and the offline world layer (filled by `attachWorld`); the base map the deployment or the
 * company chose goes over it (`applyBaseMap`), and the item and route layers are added once it loads.
 */
export function baseStyle(): StyleSpecification {
  registerLocalGlyphs();
  return {
    version: 8,
    glyphs: LOCAL_GLYPHS_URL,
    sources: { ...WORLD_SOURCES },
    layers: [
      { id: "background", type: "background", paint: { "background-color": MAP_BACKGROUND } },
      ...WORLD_LAYERS,
    ],
  };
}

const NOT_CLUSTER: ExpressionSpecification = ["!", ["has", "point_count"]];

/** Item, track and route layers, bottom to top. */
export function overlayLayers(): LayerSpecification[] {
  return [
    {
      id: "geozones-fill",
      type: "fill",
      source: "geozones",
      paint: { "fill-color": "#1c7ed6", "fill-opacity": 0.12 },
    },
    {
      id: "geozones-line",
      type: "line",
      source: "geozones",
      paint: { "line-color": "#1c7ed6", "line-width": 1.5 },
    },
    {
      id: "pois",
      type: "circle",
      source: "pois",
      paint: {
        "circle-radius": 5,
        "circle-color": "#ae3ec9",
        "circle-stroke-color": "#fff",
        "circle-stroke-width": 1.5,
      },
    },
    {
      id: "route-casing",
      type: "line",
      source: "route",
      layout: { "line-join": "round", "line-cap": "round" },
      paint: { "line-color": "#ffffff", "line-width": 7 },
    },
    {
      id: "route-line",
      type: "line",
      source: "route",
      layout: { "line-join": "round", "line-cap": "round" },
      paint: { "line-color": "#1c7ed6", "line-width": 4 },
    },
    {
      id: "track-line",
      type: "line",
      source: "track",
      layout: { "line-join": "round", "line-cap": "round" },
      paint: { "line-color": "#f03e3e", "line-width": 3.5, "line-opacity": 0.85 },
    },
    {
      id: "route-markers",
      type: "symbol",
      source: "route-markers",
      layout: { "icon-image": ["get", "icon"], "icon-allow-overlap": true, "icon-ignore-placement": true },
    },
    accuracyLayer("items", NOT_CLUSTER),
    {
      id: "clusters",
      type: "circle",
      source: "items",
      filter: ["has", "point_count"],
      paint: {
        "circle-color": ["step", ["get", "point_count"], "#339af0", 50, "#1c7ed6", 500, "#1864ab"],
        "circle-radius": ["step", ["get", "point_count"], 15, 50, 19, 500, 24],
        "circle-stroke-color": "rgba(255,255,255,0.85)",
        "circle-stroke-width": 3,
      },
    },
    {
      id: "cluster-count",
      type: "symbol",
      source: "items",
      filter: ["has", "point_count"],
      layout: {
        "text-field": ["get", "point_count_abbreviated"],
        "text-font": FONT,
        "text-size": 12,
        "text-allow-overlap": true,
      },
      paint: { "text-color": "#ffffff" },
    },
    ...itemLayers("items", NOT_CLUSTER),
    // The selected or followed item, from its own source that is never clustered, above the clusters: it stays
    // visible at every zoom instead of becoming part of a bubble.
    accuracyLayer(SELECTED_SOURCE, null),
    {
      id: "selected-halo",
      type: "circle",
      source: SELECTED_SOURCE,
      paint: {
        "circle-radius": 19,
        "circle-color": "rgba(28,126,214,0.18)",
        "circle-stroke-color": "#1c7ed6",
        "circle-stroke-width": 2,
      },
    },
    ...itemLayers(SELECTED_SOURCE, null),
  ];
}

/** The source of the selected item's feature, apart from the clustered items. */
export const SELECTED_SOURCE = "selected-item";

/** The circle of how far off the item's position may be, from `source`. */
function accuracyLayer(source: string, filter: ExpressionSpecification | null): LayerSpecification {
  const hasAccuracy: ExpressionSpecification = [">", ["get", "acc"], 0];
  return {
    // How far off a cell, Wi-Fi or beacon position may be: `acc` is its radius in pixels at zoom 0, doubling
    // with each zoom level, so the circle keeps its size on the ground.
    id: source === "items" ? "items-accuracy" : `${SELECTED_SOURCE}-accuracy`,
    type: "circle",
    source,
    filter: filter ? ["all", filter, hasAccuracy] : hasAccuracy,
    paint: {
      "circle-radius": [
        "interpolate",
        ["exponential", 2],
        ["zoom"],
        0,
        ["get", "acc"],
        24,
        ["*", ["get", "acc"], 2 ** 24],
      ],
      "circle-color": "rgba(250,176,5,0.12)",
      "circle-stroke-color": "rgba(230,119,0,0.7)",
      "circle-stroke-width": 1.5,
      "circle-pitch-alignment": "map",
    },
  };
}

/** An item's heading arrow and icon with its label, from `source`; the selected item's layers take its id. */
function itemLayers(source: string, filter: ExpressionSpecification | null): LayerSpecification[] {
  const id = (name: string) => (source === "items" ? name : name.replace("items", SELECTED_SOURCE));
  const heading: ExpressionSpecification = ["!=", ["get", "heading"], ""];
  return [
    {
      id: id("items-heading"),
      type: "symbol",
      source,
      filter: filter ? ["all", filter, heading] : heading,
      layout: {
        "icon-image": ["get", "heading"],
        "icon-rotate": ["get", "course"],
        "icon-rotation-alignment": "map",
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
      },
    },
    {
      id: id("items"),
      type: "symbol",
      source,
      ...(filter ? { filter } : {}),
      layout: {
        "icon-image": ["get", "icon"],
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
        ...labelBelow.layout(["get", "label"], 1.35),
        "text-max-width": 14,
      },
      paint: labelBelow.paint,
    },
  ];
}

/**
 * The name under a point the app marks (an item, a user's marker): `field`, `offset` ems below the point, dark
 * on a light halo, dropped rather than hiding the point where there is no room.
 */
export const labelBelow = {
  layout: (field: ExpressionSpecification, offset: number): SymbolLayerSpecification["layout"] => ({
    "text-field": field,
    "text-font": FONT,
    "text-size": 11,
    "text-offset": [0, offset],
    "text-anchor": "top",
    "text-optional": true,
  }),
  paint: {
    "text-color": "#1f2933",
    "text-halo-color": "rgba(255,255,255,0.95)",
    "text-halo-width": 1.6,
  } satisfies SymbolLayerSpecification["paint"],
};

export const CLUSTER_OPTIONS = { clusterRadius: 48, clusterMaxZoom: 14 } as const;
/**
 * Where a map opens: on `centre` (a company's) at the company zoom, else on the default centre zoomed out; always
 * within the app's zoom bounds.
 */
export function startView(centre: { lat: number; lng: number } | null) {
  return {
    center: centre
      ? ([centre.lng, centre.lat] as [number, number])
      : ([MAP_DEFAULTS.defaultCenter.lng, MAP_DEFAULTS.defaultCenter.lat] as [number, number]),
    zoom: centre ? MAP_DEFAULTS.companyZoom : MAP_DEFAULTS.defaultZoom,
    minZoom: MAP_DEFAULTS.minZoom,
    maxZoom: MAP_DEFAULTS.maxZoom,
  };
}

export const FIT_OPTIONS = { maxZoom: MAP_DEFAULTS.boundsFitZoom, padding: 48, duration: 0 } as const;
