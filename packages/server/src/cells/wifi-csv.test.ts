import { describe, expect, it } from "vitest";
import { isWifiHeader, normalMac, parseWifiRow } from "./wifi-csv.ts";

describe("normalMac", () => {
  it.each([
    ["AA:BB:CC:DD:EE:0F", "aa:bb:cc:dd:ee:0f"],
    ["aa-bb-cc-dd-ee-0f", "aa:bb:cc:dd:ee:0f"],
    ["aabb.ccdd.ee0f", "aa:bb:cc:dd:ee:0f"],
    ["AABBCCDDEE0F", "aa:bb:cc:dd:ee:0f"],
    ["00:00:00:00:00:00", null],
    ["ff:ff:ff:ff:ff:ff", null],
    ["aa:bb:cc:dd:ee", null],
    ["zz:bb:cc:dd:ee:ff", null],
  ])("%s → %s", (text, expected) => expect(normalMac(text)).toBe(expected));
});

describe("parseWifiRow", () => {
  it.each([
    [
      "AA:BB:CC:DD:EE:01,40.41,-3.7",
      { mac: "aa:bb:cc:dd:ee:01", lat: 40.41, lng: -3.7, range: 0, samples: 0, updatedTs: 0 },
    ],
    [
      "aa-bb-cc-dd-ee-02,40.42,-3.71,45,9,1700000000",
      {
        mac: "aa:bb:cc:dd:ee:02",
        lat: 40.42,
        lng: -3.71,
        range: 45,
        samples: 9,
        updatedTs: 1_700_000_000_000,
      },
    ],
    ["aa:bb:cc:dd:ee:03,91,-3.7", "bad coordinates"],
    ["aa:bb:cc:dd:ee:03,40.4,", "bad coordinates"],
    ["banana,40.4,-3.7", "bad MAC"],
    ["aa:bb:cc:dd:ee:03", "too few fields"],
  ])("%s", (line, expected) => expect(parseWifiRow(line)).toEqual(expected));

  it("knows the header", () => {
    expect(isWifiHeader("mac,lat,lon,range,samples,updated")).toBe(true);
    expect(isWifiHeader("BSSID,lat,lon")).toBe(true);
    expect(isWifiHeader("aa:bb:cc:dd:ee:01,40.41,-3.7")).toBe(false);
  });
});
