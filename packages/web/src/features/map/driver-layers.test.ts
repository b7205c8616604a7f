import { describe, expect, it } from "vitest";
import { CLUSTER_OPTIONS } from "../../kit/map/map-style.ts";
import { DRIVER_MIN_ZOOM, driverMinZoom } from "./driver-layers.ts";

describe("the zoom driver badges show from", () => {
  it.each([
    { cluster: true, zoom: CLUSTER_OPTIONS.clusterMaxZoom + 1 },
    { cluster: false, zoom: DRIVER_MIN_ZOOM },
  ])("clustering $cluster → from zoom $zoom", ({ cluster, zoom }) => {
    expect(driverMinZoom(cluster)).toBe(zoom);
  });

  it("never shows a badge at a zoom where its vehicle may still be inside a cluster", () => {
    expect(driverMinZoom(true)).toBeGreaterThan(CLUSTER_OPTIONS.clusterMaxZoom);
  });
});
