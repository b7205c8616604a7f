import type { LayerSpecification } from "maplibre-gl";
import { CLUSTER_OPTIONS } from "../../kit/map/map-style.ts";

const FONT = ["Inter", "Segoe UI", "Roboto", "Arial", "sans-serif"];
/** Drivers show from this zoom: below it the items cluster and a badge per driver would only clutter. */
export const DRIVER_MIN_ZOOM = 9;
/**
 * The zoom drivers show from: while items cluster, only above the zoom where clusters break up, so a badge never
 * floats beside the bubble that swallowed its vehicle (the vehicle's label names the driver meanwhile).
 */
export function driverMinZoom(cluster: boolean): number {
  return cluster ? Math.max(DRIVER_MIN_ZOOM, CLUSTER_OPTIONS.clusterMaxZoom + 1) : DRIVER_MIN_ZOOM;
}
/** The badge sits at the upper right of its vehicle's icon, so both stay visible and clickable. */
const OFFSET: [number, number] = [15, -15];
export const DRIVER_COLOR = "#7048e8";

/** The drivers' layers over the items: a round badge with the driver's initials, ringed when selected. */
export const DRIVER_LAYERS: LayerSpecification[] = [
  {
    id: "drivers",
    type: "circle",
    source: "drivers",
    minzoom: DRIVER_MIN_ZOOM,
    paint: {
      "circle-radius": ["case", ["get", "selected"], 12, 10],
      "circle-color": DRIVER_COLOR,
      "circle-stroke-color": ["case", ["get", "selected"], "#1c7ed6", "#ffffff"],
      "circle-stroke-width": ["case", ["get", "selected"], 3, 2],
      "circle-translate": OFFSET,
    },
  },
  {
    id: "drivers-initials",
    type: "symbol",
    source: "drivers",
    minzoom: DRIVER_MIN_ZOOM,
    layout: {
      "text-field": ["get", "initials"],
      "text-font": FONT,
      "text-size": 10,
      "text-allow-overlap": true,
      "text-ignore-placement": true,
    },
    paint: { "text-color": "#ffffff", "text-translate": OFFSET },
  },
];
