import { describe, expect, it } from "vitest";
import { buildNetwork } from "./network.ts";
import { networkStreets } from "./streets.ts";

describe("networkStreets", () => {
  const net = buildNetwork({ lat: 40.4168, lng: -3.7038 }, { seed: 1 });
  const streets = networkStreets(net);

  it("covers every edge of the network once", () => {
    const vertices = streets.reduce((n, s) => n + s.points.length - 1, 0);
    expect(vertices).toBe(net.edgeA.length);
  });

  it("names each street once (a street split by a missing block keeps its name), links unnamed", () => {
    const named = streets.filter((s) => s.cls !== "link");
    expect(named.every((s) => s.name !== "")).toBe(true);
    expect(streets.filter((s) => s.cls === "link").every((s) => s.name === "")).toBe(true);
    // Distinct grid lines get distinct names.
    const gridNames = new Set(named.filter((s) => s.cls !== "ring").map((s) => s.name));
    const gridLines = net.streets.filter((s) => s.cls !== "ring" && s.cls !== "link").length;
    expect(gridNames.size).toBe(gridLines);
  });

  it("numbers odd on the left and even on the right, growing along the street", () => {
    for (const s of streets) {
      expect(s.left.every((n) => n % 2 === 1)).toBe(true);
      expect(s.right.every((n) => n % 2 === 0)).toBe(true);
      for (let i = 1; i < s.left.length; i++) expect(s.left[i]!).toBeGreaterThanOrEqual(s.left[i - 1]!);
    }
  });

  it("is the same network every time it is built", () => {
    const again = networkStreets(buildNetwork({ lat: 40.4168, lng: -3.7038 }, { seed: 1 }));
    expect(again).toEqual(streets);
  });
});
