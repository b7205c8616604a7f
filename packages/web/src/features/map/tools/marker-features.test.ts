import type { MapMarker } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { MARKER_COLORS, markerFeatures } from "./marker-features.ts";

const marker = (id: number, shared: boolean): MapMarker => ({
  id,
  name: `M${id}`,
  note: "n",
  lat: 40 + id,
  lng: -3,
  shared,
  author: "a@b.c",
  mine: true,
  createdTs: 0,
});

describe("markerFeatures", () => {
  it("draws each marker at lng, lat with its name, note and the colour of personal or shared", () => {
    const fc = markerFeatures([marker(1, false), marker(2, true)]);
    expect(fc.features.map((f) => f.geometry)).toEqual([
      { type: "Point", coordinates: [-3, 41] },
      { type: "Point", coordinates: [-3, 42] },
    ]);
    expect(fc.features.map((f) => f.properties)).toEqual([
      { id: 1, name: "M1", note: "n", color: MARKER_COLORS.personal },
      { id: 2, name: "M2", note: "n", color: MARKER_COLORS.shared },
    ]);
  });

  it("is an empty collection without markers", () => {
    expect(markerFeatures([]).features).toEqual([]);
  });
});
