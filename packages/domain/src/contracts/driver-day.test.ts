import { describe, expect, it } from "vitest";
import { DRIVING_LIMIT_MS, drivingShare } from "./driver-day.ts";

describe("drivingShare", () => {
  it.each([
    [0, { share: 0, leftMs: DRIVING_LIMIT_MS, over: false }],
    [DRIVING_LIMIT_MS / 2, { share: 0.5, leftMs: DRIVING_LIMIT_MS / 2, over: false }],
    [DRIVING_LIMIT_MS, { share: 1, leftMs: 0, over: false }],
    [DRIVING_LIMIT_MS + 60_000, { share: 1, leftMs: 0, over: true }],
    [-5, { share: 0, leftMs: DRIVING_LIMIT_MS, over: false }],
    [Number.NaN, { share: 0, leftMs: DRIVING_LIMIT_MS, over: false }],
  ])("%d ms driven", (driven, expected) => {
    expect(drivingShare(driven)).toEqual(expected);
  });

  it("a limit of zero counts any driving as over", () => {
    expect(drivingShare(1, 0)).toEqual({ share: 1, leftMs: 0, over: true });
  });

  it("the limit is 4 h 30 min", () => {
    expect(DRIVING_LIMIT_MS).toBe(16_200_000);
  });
});
