import { describe, expect, it } from "vitest";
import { claimMapClicks, mapClicksClaimed } from "./click-claim.ts";

// The claim keys on the map object's identity only: a plain object stands in for one.
const newMap = (): object => ({});

describe("map click claims", () => {
  it("claimed while any tool holds it, in any release order; a release counts once", () => {
    const map = newMap();
    expect(mapClicksClaimed(map)).toBe(false);
    const measure = claimMapClicks(map);
    const marker = claimMapClicks(map);
    measure();
    measure();
    expect(mapClicksClaimed(map)).toBe(true);
    marker();
    expect(mapClicksClaimed(map)).toBe(false);
  });

  it("a claim on one map leaves another alone", () => {
    const a = newMap();
    const b = newMap();
    const release = claimMapClicks(a);
    expect([mapClicksClaimed(a), mapClicksClaimed(b)]).toEqual([true, false]);
    release();
  });
});
