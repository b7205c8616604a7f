import { describe, expect, it } from "vitest";
import type { NearestPlace } from "./gazetteer.ts";
import { choosePlace, describePlace, formatDistance, placeRadiusM } from "./place-description.ts";

const getafe = (distanceM: number, population = 170_000): NearestPlace => ({
  name: "Getafe",
  country: "ES",
  admin: "29",
  population,
  distanceM,
});

describe("describePlace", () => {
  it.each([
    ["inside the town", getafe(2_000), "en", "Getafe, Spain"],
    ["inside, in Spanish", getafe(2_000), "es", "Getafe, España"],
    ["just outside: near", getafe(9_000), "en", "near Getafe, Spain"],
    ["just outside, in French", getafe(9_000), "fr", "près de Getafe, Espagne"],
    ["far: distance with one decimal", getafe(31_260), "en", "31.3 km from Getafe, Spain"],
    ["far, in Spanish digits", getafe(31_260), "es", "a 31,3 km de Getafe, España"],
    ["far, in Italian", getafe(31_260), "it", "a 31,3 km da Getafe, Spagna"],
    ["far, in Turkish", getafe(31_260), "tr", "Getafe, İspanya merkezine 31,3 km"],
    ["unknown language falls back to English", getafe(9_000), "xx", "near Getafe, Spain"],
  ])("%s", (_label, place, lang, expected) => {
    expect(describePlace(place, 40.3, -3.7, lang)).toBe(expected);
  });

  it("keeps a readable admin code (US states) and drops numeric ones", () => {
    const abq: NearestPlace = {
      name: "Albuquerque",
      country: "US",
      admin: "NM",
      population: 545_852,
      distanceM: 100,
    };
    expect(describePlace(abq, 35.08, -106.65, "en")).toBe("Albuquerque, NM, United States");
    expect(describePlace(getafe(0), 40.3, -3.7, "en")).not.toContain("29");
  });

  it("answers the coordinates when no place is near enough", () => {
    expect(describePlace(null, 10.123456, -30.5, "en")).toBe("10.12346, -30.50000");
  });
});

describe("placeRadiusM", () => {
  it.each([
    [0, 1_500],
    [1_000, 1_500],
    [100_000, 6_000],
    [3_000_000, 20_000],
  ])("population %i reaches %i m", (population, radius) => {
    expect(placeRadiusM(population)).toBeCloseTo(radius, 0);
  });
});

describe("formatDistance", () => {
  it.each([
    [0, "en", "0 m"],
    [999.4, "en", "999 m"],
    [1000, "en", "1.0 km"],
    [12_345, "pt", "12,3 km"],
  ])("%d m in %s is %s", (metres, lang, text) => {
    expect(formatDistance(metres, lang)).toBe(text);
  });
});

describe("choosePlace", () => {
  const place = (name: string, distanceM: number, population: number): NearestPlace => ({
    name,
    country: "FR",
    admin: "11",
    population,
    distanceM,
  });

  it.each([
    [
      "the capital over a nearer suburb the point is less deep in",
      [place("Neuilly", 2_500, 60_000), place("Paris", 4_200, 2_100_000)],
      "Paris",
    ],
    [
      "the town over the capital when the point is at the town's centre",
      [place("Getafe", 500, 170_000), place("Madrid", 13_000, 3_200_000)],
      "Getafe",
    ],
    [
      "the nearest when the point is outside every place",
      [place("Village", 4_000, 1_200), place("City", 60_000, 500_000)],
      "Village",
    ],
  ])("%s", (_label, candidates, expected) => {
    expect(choosePlace(candidates)?.name).toBe(expected);
  });

  it("answers null with no candidate", () => {
    expect(choosePlace([])).toBeNull();
  });
});
