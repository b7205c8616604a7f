import { describe, expect, it } from "vitest";
import { stopsToWaypoints, type TripStop, timeOfDayText } from "./itinerary-from-trip.ts";

const DAY = { startTs: Date.UTC(2026, 0, 15, -1, 0), endTs: Date.UTC(2026, 0, 16, -1, 0) };
const at = (h: number, m: number) => DAY.startTs + (h * 60 + m) * 60_000;
const HERE = { lat: 40.41, lng: -3.7 };
/** About 55 m north of HERE. */
const NEAR = { lat: 40.4105, lng: -3.7 };
/** About 2.2 km north of HERE. */
const FAR = { lat: 40.43, lng: -3.7 };

const stop = (
  from: [number, number],
  to: [number, number],
  where: { lat: number; lng: number },
  place: TripStop["place"] = null,
): TripStop => ({ startTs: at(...from), endTs: at(...to), ...where, place });

/** [case, stops, expected (kind, place or point, time, minStay)] */
const cases: [string, TripStop[], [string, string, string, number][]][] = [
  ["no stops, no waypoints", [], []],
  [
    "one stop: a point with the radius, its arrival time and length",
    [stop([8, 5], [8, 35], HERE)],
    [["point", "40.41,-3.7,100", "08:05", 30]],
  ],
  [
    "stops in passing order whatever order they come in",
    [stop([12, 0], [12, 10], FAR), stop([8, 5], [8, 35], HERE)],
    [
      ["point", "40.41,-3.7,100", "08:05", 30],
      ["point", "40.43,-3.7,100", "12:00", 10],
    ],
  ],
  [
    "a stop snapped to a POI is that POI",
    [stop([9, 30], [9, 45], HERE, { kind: "poi", id: 7 })],
    [["poi", "7", "09:30", 15]],
  ],
  [
    "consecutive stops in the same geozone are one waypoint from the first arrival to the last departure",
    [
      stop([9, 0], [9, 20], HERE, { kind: "geozone", id: 3 }),
      stop([9, 25], [9, 50], FAR, { kind: "geozone", id: 3 }),
    ],
    [["geozone", "3", "09:00", 50]],
  ],
  [
    "consecutive points within the radius are one waypoint; a later return is another",
    [
      stop([9, 0], [9, 10], HERE),
      stop([9, 12], [9, 20], NEAR),
      stop([10, 0], [10, 5], FAR),
      stop([11, 0], [11, 5], HERE),
    ],
    [
      ["point", "40.41,-3.7,100", "09:00", 20],
      ["point", "40.43,-3.7,100", "10:00", 5],
      ["point", "40.41,-3.7,100", "11:00", 5],
    ],
  ],
  [
    "a snapped stop and an unsnapped one at the same spot stay apart",
    [stop([9, 0], [9, 10], HERE, { kind: "poi", id: 7 }), stop([9, 12], [9, 20], HERE)],
    [
      ["poi", "7", "09:00", 10],
      ["point", "40.41,-3.7,100", "09:12", 8],
    ],
  ],
  [
    "stops starting outside the day are left out; one running past midnight keeps its whole length",
    [stop([-1, 0], [0, 30], HERE), stop([23, 50], [24, 40], FAR), stop([24, 10], [24, 20], HERE)],
    [["point", "40.43,-3.7,100", "23:50", 50]],
  ],
  [
    "a stop ending before it starts (garbage) is left out; seconds are cut to the minute",
    [
      { startTs: at(8, 0), endTs: at(7, 0), ...HERE, place: null },
      { startTs: at(8, 0) + 59_000, endTs: at(8, 3) + 58_000, ...FAR, place: null },
    ],
    [["point", "40.43,-3.7,100", "08:00", 2]],
  ],
];

describe("stopsToWaypoints", () => {
  it.each(cases)("%s", (_name, stops, expected) => {
    const got = stopsToWaypoints(stops, DAY).map((w) => [
      w.kind,
      w.kind === "point" ? `${w.lat},${w.lng},${w.radius}` : String(w.placeId),
      w.time,
      w.minStay,
    ]);
    expect(got).toEqual(expected);
  });

  it("proposes the editor's tolerances and no maximum stay, rounds points to six decimals", () => {
    const [w] = stopsToWaypoints([stop([8, 0], [8, 5], { lat: 40.123456789, lng: -3.987654321 })], DAY, 250);
    expect(w).toEqual({
      kind: "point",
      placeId: null,
      lat: 40.123457,
      lng: -3.987654,
      radius: 250,
      time: "08:00",
      before: 10,
      after: 10,
      minStay: 5,
      maxStay: 0,
    });
  });

  it("keeps at most 100 waypoints", () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      stop([0, i * 5], [0, i * 5 + 2], { lat: 40 + i * 0.01, lng: -3.7 }),
    );
    expect(stopsToWaypoints(many, DAY)).toHaveLength(100);
  });
});

describe("timeOfDayText", () => {
  it.each([
    [0, "00:00"],
    [65.9, "01:05"],
    [1439, "23:59"],
    [1500, "23:59"],
    [-3, "00:00"],
  ])("%s → %s", (minute, text) => {
    expect(timeOfDayText(minute)).toBe(text);
  });
});
