import { describe, expect, it } from "vitest";
import {
  CONCOX_GPS_12,
  CONCOX_LOGIN,
  DEVICE_LOGIN,
  DEVICE_STATUS,
  WIKI_CODEC8_1,
  WIKI_IMEI,
} from "./fixtures.ts";
import { decodeForCli, protocols } from "./registry.ts";

describe("protocol registry", () => {
  it("lists default ports", () => {
    expect(Object.fromEntries(Object.entries(protocols).map(([k, v]) => [k, v.defaultPort]))).toEqual({
      teltonika: 5027,
      gt06: 5023,
      osmand: 5055,
    });
  });
});

describe("decodeForCli", () => {
  it("decodes a Teltonika conversation (IMEI + AVL) with both replies", () => {
    const out = decodeForCli("teltonika", WIKI_IMEI + WIKI_CODEC8_1);
    expect(out).toMatchObject({ protocol: "teltonika", imei: "356307042441013", ack: "0100000001" });
    expect(out.error).toBeUndefined();
    expect(Object.keys(out.positions[0] ?? {})).toEqual([
      "ts",
      "lat",
      "lng",
      "alt",
      "spd",
      "course",
      "satt",
      "valid",
      "src",
      "attributes",
    ]);
    // The output is what the CLI prints: it must survive JSON.
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });

  it("decodes AVL data alone with imei null", () => {
    const out = decodeForCli("teltonika", WIKI_CODEC8_1);
    expect(out).toMatchObject({ imei: null, ack: "00000001" });
    expect(out.positions).toHaveLength(1);
  });

  it("decodes GT06 login + GPS written with spaces, ACKing only the login", () => {
    const spaced = (CONCOX_LOGIN + CONCOX_GPS_12).replace(/(..)/g, "$1 ");
    const out = decodeForCli("gt06", spaced);
    expect(out.imei).toBe("123456789012345");
    expect(out.ack).toBe("787805010001d9dc0d0a");
    expect(out.positions[0]).toMatchObject({ course: 143, valid: true });
  });

  it("reports heartbeat-only GT06 input with no positions", () => {
    const out = decodeForCli("gt06", DEVICE_LOGIN + DEVICE_STATUS);
    expect(out.positions).toEqual([]);
    expect(out.ack?.length).toBe(40);
  });

  it.each([
    ["/?id=9&lat=1&lon=2&timestamp=1717228800", "9"],
    ["GET /?id=9&lat=1&lon=2&timestamp=1717228800 HTTP/1.1", "9"],
    ["http://localhost:5055/?id=9&lat=1&lon=2&timestamp=1717228800", "9"],
    ["id=9&lat=1&lon=2&timestamp=1717228800", "9"],
    ['{"device_id":"9","location":{"timestamp":1717228800,"coords":{"latitude":1,"longitude":2}}}', "9"],
  ])("decodes OsmAnd input %s", (input, imei) => {
    const out = decodeForCli("osmand", input);
    expect(out).toMatchObject({ protocol: "osmand", imei, ack: null });
    expect(out.positions[0]).toMatchObject({ ts: 1717228800000, lat: 1, lng: 2 });
  });

  it.each([
    ["unknown protocol", "foo", "00", /unknown protocol/],
    ["non-hex", "gt06", "zz", /not hex/],
    ["odd hex", "gt06", "787", /not hex/],
    ["truncated frame", "gt06", CONCOX_LOGIN.slice(0, 20), /incomplete/],
    ["bad osmand", "osmand", "/?lat=1", /id/],
  ])("reports %s as an error", (_n, protocol, input, msg) => {
    expect(decodeForCli(protocol, input).error).toMatch(msg);
  });

  it("keeps what was decoded before an error", () => {
    const out = decodeForCli("teltonika", `${WIKI_IMEI}${WIKI_CODEC8_1}FFFF`);
    expect(out.imei).toBe("356307042441013");
    expect(out.positions).toHaveLength(1);
    expect(out.error).toMatch(/preamble/);
  });
});
