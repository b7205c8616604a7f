import { blePosition } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { alongRoute, type IndoorBeacon, sightingsAt } from "./indoor.ts";

const M = 111_320;
const mLng = M * Math.cos((40 * Math.PI) / 180);
const at = (x: number, y: number) => ({ lat: 40 + y / M, lng: -3 + x / mLng });
const beacon = (id: string, x: number, y: number, level = 0): IndoorBeacon => ({
  id,
  ...at(x, y),
  level,
  measuredPower: -59,
  n: 2,
});

describe("indoor walkers", () => {
  it("walk their loop at their pace", () => {
    const loop = [at(0, 0), at(10, 0), at(10, 10)];
    const p = alongRoute(loop, 15);
    expect((p.lng + 3) * mLng).toBeCloseTo(10, 3);
    expect((p.lat - 40) * M).toBeCloseTo(5, 3);
    expect(alongRoute(loop, 0)).toEqual(loop[0]);
  });

  it("hear what the server positions back near where they are, on their own level", () => {
    const beacons = [
      beacon("a", 0, 0),
      beacon("b", 20, 0),
      beacon("c", 0, 20),
      beacon("d", 20, 20),
      beacon("u", 8, 6, 1),
    ];
    const here = at(8, 6);
    const seen = sightingsAt(here, 0, beacons, () => 0);
    expect(seen.map((s) => s.id)).not.toContain("zz");
    const known = beacons.map((b) => ({
      uuid: b.id,
      lat: b.lat,
      lng: b.lng,
      measuredPower: -59,
      n: 2,
      indoorMapId: b.level + 1,
      level: b.level,
    }));
    const fix = blePosition(seen, known)!;
    expect(fix.level).toBe(0);
    expect(Math.abs((fix.lng + 3) * mLng - 8)).toBeLessThan(1);
    expect(Math.abs((fix.lat - 40) * M - 6)).toBeLessThan(1);
  });

  it("hear nothing beyond reach", () => {
    expect(sightingsAt(at(500, 500), 0, [beacon("a", 0, 0)], () => 0)).toEqual([]);
  });
});
