import type { ItineraryProgress } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { itineraryBounds, itineraryFeatures, PHASE_COLORS } from "./itinerary-layer.ts";

const wp = (
  index: number,
  status: ItineraryProgress["waypoints"][number]["status"],
  next = false,
  lat: number | null = 40 + index,
) => ({
  index,
  status,
  enteredAt: null,
  leftAt: null,
  stay: null,
  delta: null,
  time: "08:00",
  lat,
  lng: lat === null ? null : -3,
  next,
});

describe("itineraryFeatures", () => {
  it("draws the path in waypoint order and each placed waypoint in its phase's colour", () => {
    const fc = itineraryFeatures([
      {
        itineraryId: 1,
        name: "Round",
        day: "2026-01-15",
        finished: false,
        waypoints: [wp(0, "onTime"), wp(1, "skipped"), wp(2, "pending", false, null), wp(3, "pending", true)],
      },
    ]);
    const [path, ...points] = fc.features;
    expect(path?.geometry).toEqual({
      type: "LineString",
      coordinates: [
        [-3, 40],
        [-3, 41],
        [-3, 43],
      ],
    });
    expect(points.map((p) => p.properties)).toEqual([
      { color: PHASE_COLORS.visited.hex, number: 1, next: false },
      { color: PHASE_COLORS.missed.hex, number: 2, next: false },
      { color: PHASE_COLORS.next.hex, number: 4, next: true },
    ]);
  });

  it("draws nothing without itineraries", () => {
    expect(itineraryFeatures([]).features).toEqual([]);
  });

  it("bounds the placed waypoints, none when nothing is placed", () => {
    const it1 = {
      itineraryId: 1,
      name: "R",
      day: "d",
      finished: false,
      waypoints: [wp(0, "onTime"), wp(2, "late")],
    };
    expect(itineraryBounds(it1)).toEqual([
      [-3, 40],
      [-3, 42],
    ]);
    expect(itineraryBounds({ ...it1, waypoints: [wp(0, "pending", false, null)] })).toBeNull();
  });
});
