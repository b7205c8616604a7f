import { describe, expect, it } from "vitest";
import { effectiveSpeedLimit, lowestZoneLimit } from "./speed-limits.ts";

const limits = new Map([
  [1, 50],
  [2, 30],
  [3, 90],
]);

describe("lowestZoneLimit", () => {
  it.each([
    { inside: [], expected: null },
    { inside: [4], expected: null },
    { inside: [1], expected: 50 },
    { inside: [1, 2, 3], expected: 30 },
    { inside: [3, 4], expected: 90 },
  ])("inside $inside → $expected", ({ inside, expected }) =>
    expect(lowestZoneLimit(inside, limits)).toBe(expected),
  );
});

describe("effectiveSpeedLimit", () => {
  it.each([
    { fixed: 120, zone: null, expected: 120 },
    { fixed: 120, zone: 50, expected: 50 },
    { fixed: 40, zone: 50, expected: 40 },
    { fixed: 0, zone: 50, expected: 50 },
    { fixed: 0, zone: null, expected: null },
  ])("fixed $fixed, zone $zone → $expected", ({ fixed, zone, expected }) =>
    expect(effectiveSpeedLimit(fixed, zone)).toBe(expected),
  );
});
