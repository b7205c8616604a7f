import type { ExpressionSpecification, LayerSpecification } from "maplibre-gl";

/**
 * How the street tiles Vigia serves from its address tables are drawn (vector layers `streets`: lines with
 * `name` and `kind`, `addresses`: points with `housenumber`): roads as white lines with a grey casing, wider for
 * larger roads, names along them from zoom 15 and house numbers from 17. Colours follow the light look of the
 * self-hosted vector base map, so switching between the two changes little.
 */
const STREET_LAYER = "streets";
const ADDRESS_LAYER = "addresses";
const FONT = ["Noto Sans Regular"];

/** Road classes from OpenStreetMap and from the demo's network, largest first. */
const MAJOR = ["motorway", "trunk", "ring", "motorway_link", "trunk_link"];
const MEDIUM = ["primary", "secondary", "avenue", "arterial", "primary_link", "secondary_link", "link"];
const MINOR_SERVICE = ["service", "track", "pedestrian", "busway"];

const byKind = <T extends number | string>(
  major: T,
  medium: T,
  minor: T,
  service: T,
): ExpressionSpecification => [
  "match",
  ["get", "kind"],
  MAJOR,
  major,
  MEDIUM,
  medium,
  MINOR_SERVICE,
  service,
  minor,
];

/** Width in pixels at zoom 12 and doubling per zoom up to 18 (a road keeps its width on the ground). */
const width = (scale: number): ExpressionSpecification => [
  "interpolate",
  ["exponential", 1.6],
  ["zoom"],
  12,
  ["*", scale * 0.5, byKind(2.2, 1.6, 0.8, 0.5)],
  18,
  ["*", scale * 9, byKind(2.2, 1.6, 1, 0.6)],
];

/** The roads as round-ended lines of `color`, `scale` times the width of a road's class. */
const roadLine = (
  id: string,
  source: string,
  color: ExpressionSpecification,
  scale: number,
): LayerSpecification => ({
  id,
  type: "line",
  source,
  "source-layer": STREET_LAYER,
  layout: { "line-join": "round", "line-cap": "round" },
  paint: { "line-color": color, "line-width": width(scale) },
});

/** The street layers over `source`, bottom to top, each id starting with `prefix`. */
export function streetLayers(source: string, prefix: string): LayerSpecification[] {
  return [
    roadLine(`${prefix}casing`, source, byKind("#e0a46a", "#c9c3b8", "#cfcac2", "#d9d5ce"), 1.35),
    roadLine(`${prefix}fill`, source, byKind("#ffd9a8", "#ffffff", "#ffffff", "#f8f6f2"), 1),
    {
      id: `${prefix}names`,
      type: "symbol",
      source,
      "source-layer": STREET_LAYER,
      minzoom: 15,
      filter: ["!=", ["get", "name"], ""],
      layout: {
        "symbol-placement": "line",
        "text-field": ["get", "name"],
        "text-font": FONT,
        "text-size": ["interpolate", ["linear"], ["zoom"], 15, 10, 18, 13],
        "text-max-angle": 30,
        "symbol-spacing": 300,
      },
      paint: { "text-color": "#5b5f66", "text-halo-color": "#ffffff", "text-halo-width": 1.4 },
    },
    {
      id: `${prefix}numbers`,
      type: "symbol",
      source,
      "source-layer": ADDRESS_LAYER,
      minzoom: 17,
      layout: { "text-field": ["get", "housenumber"], "text-font": FONT, "text-size": 10 },
      paint: { "text-color": "#8a8f96", "text-halo-color": "#ffffff", "text-halo-width": 1 },
    },
  ];
}
