import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  errorDetails,
  licenceAllowsOneMore,
  licenceExceededDescription,
  licenceStanding,
  licenceTotal,
} from "./licences.ts";

describe("licenceStanding", () => {
  it.each([
    { used: 3, total: 0, expected: "unlimited" },
    { used: 0, total: 10, expected: "within" },
    { used: 8, total: 10, expected: "within" },
    { used: 9, total: 10, expected: "near" },
    { used: 10, total: 10, expected: "full" },
    { used: 12, total: 10, expected: "over" },
    { used: 0, total: 1, expected: "within" },
    { used: 1, total: 1, expected: "full" },
  ])("$used of $total → $expected", ({ used, total, expected }) =>
    expect(licenceStanding(used, total)).toBe(expected),
  );
});

describe("licenceAllowsOneMore", () => {
  it.each([
    { used: 0, total: 0, expected: true },
    { used: 99, total: 0, expected: true },
    { used: 4, total: 5, expected: true },
    { used: 5, total: 5, expected: false },
    { used: 8, total: 5, expected: false },
  ])("$used of $total → $expected", ({ used, total, expected }) =>
    expect(licenceAllowsOneMore(used, total)).toBe(expected),
  );

  it("with a limit set, never lets the count pass it, and a refused count stands full or over", () =>
    fc.assert(
      fc.property(fc.nat(500), fc.integer({ min: 1, max: 500 }), (used, total) => {
        if (licenceAllowsOneMore(used, total)) expect(used + 1).toBeLessThanOrEqual(total);
        else expect(["full", "over"]).toContain(licenceStanding(used, total));
      }),
    ));
});

describe("licence error description", () => {
  it("names the kind and carries the limit", () => {
    expect(licenceExceededDescription("vehicles", 5)).toBe("licence.vehicles;limit:5");
    expect(errorDetails(licenceExceededDescription("assets", 12))).toEqual({ limit: "12" });
  });

  it("reads details of any description, none when it has none", () => {
    expect(errorDetails("not.found")).toEqual({});
    expect(errorDetails("expired.password;days:3")).toEqual({ days: "3" });
  });

  it("picks the total of the kind", () => {
    const l = { vehicleTotal: 5, assetTotal: 7 };
    expect(licenceTotal(l, "vehicles")).toBe(5);
    expect(licenceTotal(l, "assets")).toBe(7);
  });
});
