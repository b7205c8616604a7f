import { describe, expect, it } from "vitest";
import { makeDevices } from "./fleet.ts";

describe("generated fleets", () => {
  it("numbers IMEIs from the prefix and mixes protocols and kinds deterministically", () => {
    const d = makeDevices(31, ["teltonika", "gt06", "osmand"], "35000000");
    expect(d[0]).toEqual({ imei: "350000000000000", protocol: "teltonika", kind: "vehicle" });
    expect(d[30]!.imei).toBe("350000000000030");
    expect(d.every((x) => /^\d{15}$/.test(x.imei))).toBe(true);
    expect(d.filter((x) => x.protocol === "osmand").every((x) => x.kind === "person")).toBe(true);
    expect(d.filter((x) => x.kind === "asset").map((x) => x.imei)).toEqual([
      "350000000000027",
      "350000000000028",
    ]);
    expect(makeDevices(31, ["teltonika", "gt06", "osmand"], "35000000")).toEqual(d);
  });

  it("refuses a prefix that leaves too few digits", () => {
    expect(() => makeDevices(1000, ["gt06"], "3500000000000")).toThrow(/too long/);
  });
});
