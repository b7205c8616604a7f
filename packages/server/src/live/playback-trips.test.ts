import type { DerivedTrip, Trip } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { playbackTrips } from "./playback-trips.ts";

const derivedTrip = (startTs: number, endTs: number, distanceM: number): DerivedTrip => ({
  itemType: 1,
  itemId: 1,
  startTs,
  endTs,
  startLat: 40,
  startLng: -3,
  endLat: 40.1,
  endLng: -3.1,
  distanceM,
  drivingMs: endTs - startTs,
  idleMs: 0,
  maxSpd: 80,
  avgSpd: 40,
  fuelUsed: null,
  odometerStart: 0,
  odometerEnd: distanceM,
  hoursStart: 0,
  hoursEnd: 0,
  driverId: null,
  points: 10,
});
const detectedTrip = (startTs: number, endTs: number, distanceM: number): Trip => ({
  startTs,
  endTs,
  distanceM,
  maxSpd: 90,
  startLat: 40,
  startLng: -3,
  endLat: 40.1,
  endLng: -3.1,
});

describe("playback trips", () => {
  it.each([
    {
      name: "derived trips replace the route's own reading of the same drives",
      derived: [derivedTrip(0, 100, 10_150)],
      detected: [detectedTrip(0, 100, 22_900)],
      expected: [[0, 100, 10_150]],
    },
    {
      name: "the drive in progress after the last derived trip comes from the route",
      derived: [derivedTrip(0, 100, 10_150)],
      detected: [detectedTrip(0, 100, 22_900), detectedTrip(200, 300, 5_000)],
      expected: [
        [0, 100, 10_150],
        [200, 300, 5_000],
      ],
    },
    {
      name: "nothing derived: the route's own trips",
      derived: [],
      detected: [detectedTrip(0, 100, 1_000)],
      expected: [[0, 100, 1_000]],
    },
  ])("$name", ({ derived, detected, expected }) => {
    expect(playbackTrips(derived, detected).map((t) => [t.startTs, t.endTs, t.distanceM])).toEqual(expected);
  });
});
