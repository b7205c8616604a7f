import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reportCellText } from "../reports/values.ts";
import { formatDistanceIn, formatNumber, formatOneDecimal } from "./numbers.ts";

// Narrow no-break space: the French digit group separator.
const NNBSP = "\u202f";

describe("one number format per language", () => {
  it.each([
    ["en", "181,360.7 km", "15.5 km", "850 m", "12.4"],
    ["es", "181.360,7 km", "15,5 km", "850 m", "12,4"],
    ["fr", `181${NNBSP}360,7 km`, "15,5 km", "850 m", "12,4"],
    ["it", "181.360,7 km", "15,5 km", "850 m", "12,4"],
    ["pt", "181.360,7 km", "15,5 km", "850 m", "12,4"],
    ["tr", "181.360,7 km", "15,5 km", "850 m", "12,4"],
    [null, "181360.7 km", "15.5 km", "850 m", "12.4"],
  ])("%s: odometer %s, trip %s, short %s, litres %s", (lang, odometer, trip, short, litres) => {
    expect(formatDistanceIn(181_360_700, lang)).toBe(odometer);
    expect(formatDistanceIn(15_500, lang)).toBe(trip);
    expect(formatDistanceIn(850, lang)).toBe(short);
    expect(formatOneDecimal(12.35, lang)).toBe(litres);
  });

  it.each([
    ["en", 1000, "1.0 km"],
    ["es", 1000, "1,0 km"],
    ["es", 999.6, "1000 m"],
    ["en", -0.2, "0 m"],
  ])("%s: %d m is %s", (lang, metres, text) => expect(formatDistanceIn(metres, lang)).toBe(text));

  it("a fixed number keeps its zeros; an unknown language falls back to English", () => {
    expect(formatNumber(7, "es", 1, true)).toBe("7,0");
    expect(formatNumber(7, "es", 1)).toBe("7");
    expect(formatNumber(1234.5, "not a tag!", 1)).toBe("1,234.5");
  });

  it.each([
    ["es", "distance", 12_345, "12,3 km"],
    ["es", "score", 87.25, "87,3"],
    ["es", "speed", 81.9, "81"],
    ["es", "fuel", 12.04, "12"],
    ["es", "coordinates", 40.41678, "40.41678"],
    [null, "score", 87.25, "87.3"],
    ["en", "odometer", 181_360.7, "181,360.7"],
  ] as const)("report cell in %s of kind %s: %d is %s", (lang, kind, value, text) => {
    expect(reportCellText(value, kind, String, lang)).toBe(text);
  });

  it("machine text reads back as the rounded number", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (v, digits) => {
          const back = Number(formatNumber(v, null, digits));
          expect(Math.abs(back - v)).toBeLessThanOrEqual(0.5 * 10 ** -digits + 1e-9 * Math.abs(v));
        },
      ),
    );
  });
});
