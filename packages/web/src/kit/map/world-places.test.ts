import { describe, expect, it } from "vitest";
import data from "./world-places.json";
import { placesGeometry, type WorldPlacesFile } from "./world-places.ts";

const file = data as WorldPlacesFile;

describe("world place names", () => {
  it("ship real countries and capitals where they are", () => {
    const { countries, places } = placesGeometry(file);
    const byName = (fc: typeof places, name: string) =>
      fc.features.find((f) => f.properties?.name === name)?.geometry;
    expect(countries.features.length).toBeGreaterThan(150);
    expect(byName(countries, "Spain")).toEqual({ type: "Point", coordinates: [-3.62, 40.35] });
    const madrid = byName(places, "Madrid");
    expect(madrid?.type === "Point" && madrid.coordinates[1]).toBeCloseTo(40.42, 1);
    expect(places.features.find((f) => f.properties?.name === "Madrid")?.properties?.rank).toBe(0);
    expect(file.attribution).toContain("GeoNames");
  });

  it.each([
    [
      "every row has finite coordinates and a name",
      (p: readonly [number, number, string, ...number[]]) =>
        Number.isFinite(p[0]) && Number.isFinite(p[1]) && p[2].length > 0,
    ],
  ])("%s", (_name, check) => {
    expect(file.places.every(check)).toBe(true);
    expect(file.countries.every(check)).toBe(true);
  });
});
