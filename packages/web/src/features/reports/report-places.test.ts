import type { Geozone, Poi } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { placePoints, reportPlaces } from "./report-places.ts";

const zone = (
  id: number,
  type: "circle" | "polygon",
  points: { lat: number; lng: number }[] = [],
): Geozone => ({
  id,
  name: `z${id}`,
  color: "#f00",
  group: null,
  description: "",
  type,
  lat: 40,
  lng: -3,
  radius: 100,
  points,
  speedLimit: null,
  geometry: { type: "Polygon", coordinates: [] },
  createdTs: 0,
  updatedTs: 0,
});
const poi = (id: number): Poi => ({
  id,
  name: `p${id}`,
  lat: 41,
  lng: -4,
  radius: 50,
  color: "#00f",
  icon: "pin",
  group: null,
  address: "",
  createdTs: 0,
  updatedTs: 0,
});
const company = {
  geozones: {
    1: zone(1, "circle"),
    2: zone(2, "polygon", [
      { lat: 1, lng: 2 },
      { lat: 3, lng: 4 },
    ]),
  },
  pois: { 5: poi(5), 6: poi(6) },
};

describe("the places a report preview draws", () => {
  it.each([
    { geozoneIds: [], poiIds: [], zones: [], pois: [] },
    { geozoneIds: [2], poiIds: [], zones: [2], pois: [] },
    { geozoneIds: [1, 2, 99], poiIds: [6], zones: [1, 2], pois: [6] },
  ])("zones $geozoneIds, POIs $poiIds", ({ geozoneIds, poiIds, zones, pois }) => {
    const found = reportPlaces(company, { geozoneIds, poiIds });
    expect(found.geozones.map((z) => z.id)).toEqual(zones);
    expect(found.pois.map((p) => p.id)).toEqual(pois);
  });

  it("frames circles by their centre, polygons by their vertices, POIs by their point", () => {
    const found = reportPlaces(company, { geozoneIds: [1, 2], poiIds: [5] });
    expect(placePoints(found)).toEqual([
      [-3, 40],
      [2, 1],
      [4, 3],
      [-4, 41],
    ]);
  });
});
