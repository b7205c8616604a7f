import { describe, expect, it } from "vitest";
import { nearby } from "./nearby.ts";

describe("nearby", () => {
  const places = [
    { key: "v:1", name: "Van", kind: "vehicle" as const, lat: 40.01, lng: -3 },
    { key: "p:2", name: "Ana", kind: "person" as const, lat: 40.001, lng: -3 },
    { key: "poi:3", name: "Depot", kind: "poi" as const, lat: 40.1, lng: -3 },
    { key: "v:4", name: "Self", kind: "vehicle" as const, lat: 40, lng: -3 },
  ];
  it("keeps what is within the radius, nearest first, without the centre item", () => {
    const found = nearby({ lat: 40, lng: -3 }, places, 2000, "v:4");
    expect(found.map((p) => p.key)).toEqual(["p:2", "v:1"]);
    expect(Math.round(found[0]!.distanceM)).toBe(111);
  });
  it("widens with the radius", () => {
    expect(nearby({ lat: 40, lng: -3 }, places, 12_000).map((p) => p.key)).toEqual([
      "v:4",
      "p:2",
      "v:1",
      "poi:3",
    ]);
  });
});
