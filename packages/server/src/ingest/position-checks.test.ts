import { FUTURE_TOLERANCE_MS } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { describe, expect, it } from "vitest";
import { positionProblem } from "./position-checks.ts";

const NOW = Date.UTC(2026, 0, 15, 9);
const fix = (over: Partial<DecodedPosition>): DecodedPosition => ({
  ts: NOW - 60_000,
  lat: 40.4,
  lng: -3.7,
  alt: 650,
  spd: 30,
  course: 90,
  satt: 8,
  valid: true,
  src: 1,
  attributes: {},
  ...over,
});

describe("positionProblem", () => {
  it.each([
    ["a normal fix", {}, null],
    ["a fix exactly 24 h ahead", { ts: NOW + FUTURE_TOLERANCE_MS }, null],
    ["a fix just past 24 h ahead", { ts: NOW + FUTURE_TOLERANCE_MS + 1 }, "futureTime"],
    ["time zero", { ts: 0 }, "badTime"],
    ["negative time", { ts: -5 }, "badTime"],
    ["time not a number", { ts: Number.NaN }, "badTime"],
    ["latitude 90 and longitude -180 are on the edge", { lat: 90, lng: -180 }, null],
    ["latitude past 90", { lat: 90.0001 }, "badCoordinates"],
    ["longitude past 180", { lng: -180.5 }, "badCoordinates"],
    ["latitude infinite", { lat: Number.POSITIVE_INFINITY }, "badCoordinates"],
    ["longitude not a number", { lng: Number.NaN }, "badCoordinates"],
    ["speed not a number", { spd: Number.NaN }, "badValue"],
    ["altitude infinite", { alt: Number.NEGATIVE_INFINITY }, "badValue"],
    ["0,0 without a fix is stored (flagged invalid by the decoder)", { lat: 0, lng: 0, valid: false }, null],
  ])("%s", (_name, over, expected) => {
    expect(positionProblem(fix(over), NOW)).toBe(expected);
  });
});
