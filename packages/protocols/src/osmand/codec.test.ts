import { describe, expect, it } from "vitest";
import type { DecodedMessage } from "../shared/types.ts";
import { decodeOsmAndRequest, type OsmAndRequest, parseOsmAndTime } from "./codec.ts";

const NOW = Date.UTC(2024, 5, 1, 8);
const get = (query: string): OsmAndRequest => ({
  method: "GET",
  query: new URLSearchParams(query),
  body: null,
});

function ok(req: OsmAndRequest): DecodedMessage {
  const r = decodeOsmAndRequest(req, NOW);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
function err(req: OsmAndRequest): string {
  const r = decodeOsmAndRequest(req, NOW);
  if (r.ok) throw new Error("expected an error");
  return r.error;
}

describe("OsmAnd query form", () => {
  it("decodes a Traccar Client request, converting knots to km/h", () => {
    const m = ok(
      get(
        "id=123456&timestamp=1717228800&lat=-23.550520&lon=-46.633308&speed=10.00&bearing=359.6&altitude=760.5&accuracy=4.8&batt=87.0&charge=true",
      ),
    );
    expect(m).toMatchObject({ kind: "position", imei: "123456", ack: null });
    expect(m.positions[0]).toEqual({
      ts: 1717228800000,
      lat: -23.55052,
      lng: -46.633308,
      alt: 760.5,
      spd: 18.52,
      course: 0, // 359.6 rounds to 360 → 0
      satt: 0,
      valid: true,
      src: 1,
      attributes: { accuracy: 4.8, batteryLevel: 87, charging: true },
    });
  });

  it.each([
    ["unix seconds", "1717228800", 1717228800000],
    ["unix milliseconds", "1717228800123", 1717228800123],
    ["ISO 8601", "2024-06-01T08:00:00Z", Date.UTC(2024, 5, 1, 8)],
    ["ISO with offset", "2024-06-01T10:00:00+02:00", Date.UTC(2024, 5, 1, 8)],
  ])("accepts timestamps as %s", (_n, ts, expected) => {
    expect(ok(get(`id=1&lat=1&lon=2&timestamp=${encodeURIComponent(ts)}`)).positions[0]?.ts).toBe(expected);
  });

  it("uses the receive time when timestamp is absent, and deviceid/location/heading aliases", () => {
    const p = ok(get("deviceid=abc&location=52.1,4.3&heading=90&valid=false&sat=7")).positions[0]!;
    expect(p).toMatchObject({ ts: NOW, lat: 52.1, lng: 4.3, course: 90, valid: false, src: 2, satt: 7 });
  });

  it("passes unknown parameters through with typed values", () => {
    const p = ok(get("id=1&lat=1&lon=1&ignition=true&fuel=42.5&note=hello&bad-key=x")).positions[0]!;
    expect(p.attributes).toEqual({ ignition: true, fuel: 42.5, note: "hello" });
  });

  it("cleans device text: no NUL or controls, lengths cut on code points, lone surrogates replaced", () => {
    const long = `${"a".repeat(255)}😀`;
    const q = new URLSearchParams({
      id: "1",
      lat: "1",
      lon: "1",
      note: "a\u0000b\u0007",
      long,
      driverUniqueId: "D\u0000 1",
    });
    expect(ok(get(q.toString())).positions[0]!.attributes).toEqual({ note: "ab", long, driverId: "D 1" });
    const json = JSON.stringify({
      device_id: "7",
      location: {
        coords: { latitude: 1, longitude: 2 },
        event: "x\ud83d\u0000",
        activity: { type: "\ude00" },
      },
    });
    const attributes = ok({ method: "POST", query: {}, body: json, contentType: "application/json" })
      .positions[0]!.attributes;
    expect(attributes).toMatchObject({ clientEvent: "x\ufffd", activity: "\ufffd" });
  });

  it("accepts a plain object query and form-encoded POST bodies", () => {
    expect(ok({ method: "GET", query: { id: "7", lat: "1", lon: "2" }, body: null }).positions).toHaveLength(
      1,
    );
    const m = ok({
      method: "POST",
      query: {},
      body: "id=7&lat=1.5&lon=2.5",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(m.positions[0]).toMatchObject({ lat: 1.5, lng: 2.5 });
  });

  it("treats an id without coordinates as a heartbeat", () => {
    expect(ok(get("id=1"))).toMatchObject({ kind: "heartbeat", positions: [] });
  });

  it.each([
    ["missing id", "lat=1&lon=2", /id/],
    ["id with spaces", "id=a%20b&lat=1&lon=2", /id/],
    ["non-numeric lat", "id=1&lat=abc&lon=2", /lat is not a number/],
    ["lat without lon", "id=1&lat=1", /together/],
    ["out-of-range lat", "id=1&lat=91&lon=2", /range/],
    ["bad timestamp", "id=1&lat=1&lon=2&timestamp=yesterday", /timestamp/],
    ["non-numeric speed", "id=1&lat=1&lon=2&speed=fast", /speed/],
    ["Infinity", "id=1&lat=1e999&lon=2", /finite/],
  ])("rejects %s", (_n, q, msg) => {
    expect(err(get(q))).toMatch(msg);
  });
});

describe("OsmAnd JSON body", () => {
  const body = {
    device_id: "354000000000001",
    location: {
      timestamp: "2024-06-01T07:59:30.000Z",
      coords: { latitude: 38.7223, longitude: -9.1393, speed: 10, heading: 181.4, altitude: 45, accuracy: 5 },
      battery: { level: 0.64, is_charging: false },
      is_moving: true,
      odometer: 15234.5,
      event: "motionchange",
      activity: { type: "in_vehicle" },
    },
  };
  const post = (b: unknown, contentType = "application/json"): OsmAndRequest => ({
    method: "POST",
    query: {},
    body: typeof b === "string" ? b : JSON.stringify(b),
    contentType,
  });

  it("decodes the background-geolocation shape, converting m/s to km/h", () => {
    const m = ok(post(body));
    expect(m.imei).toBe("354000000000001");
    expect(m.positions[0]).toEqual({
      ts: Date.UTC(2024, 5, 1, 7, 59, 30),
      lat: 38.7223,
      lng: -9.1393,
      alt: 45,
      spd: 36,
      course: 181,
      satt: 0,
      valid: true,
      src: 1,
      attributes: {
        accuracy: 5,
        batteryLevel: 64,
        charging: false,
        motion: true,
        odometer: 15234.5,
        clientEvent: "motionchange",
        activity: "in_vehicle",
      },
    });
  });

  it("accepts location arrays, unknown speed (-1) and the id from the query string", () => {
    const loc = { ...body.location, coords: { ...body.location.coords, speed: -1, heading: -1 } };
    const m = ok({ ...post({ location: [loc, loc] }), query: { id: "q1" } });
    expect(m.imei).toBe("q1");
    expect(m.positions.map((p) => [p.spd, p.course])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it("detects JSON without a content type", () => {
    expect(ok(post(body, "")).positions).toHaveLength(1);
  });

  it.each([
    ["malformed JSON", "{not json", /JSON/],
    ["array root", "[]", /object/],
    ["missing device_id", JSON.stringify({ location: body.location }), /device_id/],
    [
      "string latitude",
      JSON.stringify({ device_id: "1", location: { coords: { latitude: "1", longitude: 2 } } }),
      /numbers/,
    ],
    ["missing coords", JSON.stringify({ device_id: "1", location: {} }), /coords/],
  ])("rejects %s", (_n, b, msg) => {
    expect(err(post(b))).toMatch(msg);
  });

  it("refuses oversized bodies", () => {
    expect(err(post(`{"pad":"${"x".repeat(300_000)}"}`))).toMatch(/too large/);
  });
});

describe("parseOsmAndTime", () => {
  it("distinguishes seconds from milliseconds at 1e12", () => {
    expect(parseOsmAndTime("999999999999")).toBe(999999999999000);
    expect(parseOsmAndTime(1000000000001)).toBe(1000000000001);
  });
});
