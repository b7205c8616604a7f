import { describe, expect, it } from "vitest";
import { decodeOsmAndRequest, encodeOsmAndBeaconPath, parseBeaconList } from "./codec.ts";

describe("OsmAnd beacon sightings", () => {
  it("reads the query list, skipping malformed entries", () => {
    expect(parseBeaconList("aa:1:2@-70,bad,@-60,x y@-50;cc@-81.5,dd@x")).toEqual([
      { id: "aa:1:2", rssi: -70 },
      { id: "cc", rssi: -81.5 },
    ]);
  });

  it("a request with beacons and no fix carries the sightings and its time", () => {
    const path = encodeOsmAndBeaconPath("IND1", 1_768_467_600_000, [{ id: "b-1", rssi: -64 }]);
    const url = new URL(path, "http://x");
    const decoded = decodeOsmAndRequest({ method: "GET", query: url.searchParams, body: null }, 0);
    expect(decoded.ok && decoded.value).toMatchObject({
      imei: "IND1",
      positions: [],
      beacons: [{ id: "b-1", rssi: -64 }],
      ts: 1_768_467_600_000,
    });
  });

  it("reads the JSON body's list next to a GPS location", () => {
    const body = JSON.stringify({
      device_id: "IND2",
      location: { timestamp: "2026-01-15T09:00:00Z", coords: { latitude: 40, longitude: -3 } },
      beacons: [
        { uuid: "u-1", rssi: -70 },
        { id: "u-2", rssi: "x" },
        { id: "u-3", rssi: -90 },
      ],
    });
    const decoded = decodeOsmAndRequest(
      { method: "POST", query: {}, body, contentType: "application/json" },
      0,
    );
    expect(decoded.ok && decoded.value.beacons).toEqual([
      { id: "u-1", rssi: -70 },
      { id: "u-3", rssi: -90 },
    ]);
    expect(decoded.ok && decoded.value.positions).toHaveLength(1);
  });
});
