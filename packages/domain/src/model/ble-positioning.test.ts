import { describe, expect, it } from "vitest";
import { beaconDistanceM, blePosition, type KnownBeacon } from "./ble-positioning.ts";

const M_PER_DEG_LAT = 111_320;
const LAT0 = 40;
const mPerDegLng = M_PER_DEG_LAT * Math.cos((LAT0 * Math.PI) / 180);
/** A beacon x metres east and y metres north of (40, -3). */
const at = (uuid: string, x: number, y: number, extra: Partial<KnownBeacon> = {}): KnownBeacon => ({
  uuid,
  lat: LAT0 + y / M_PER_DEG_LAT,
  lng: -3 + x / mPerDegLng,
  measuredPower: -59,
  n: 2,
  indoorMapId: 1,
  level: 0,
  ...extra,
});
/** The RSSI a device d metres away hears, by the same model (P = -59, N = 2). */
const rssiAt = (d: number) => -59 - 20 * Math.log10(d);
/** Metres east/north of (40, -3) of a fix. */
const xy = (p: { lat: number; lng: number }) => ({
  x: (p.lng + 3) * mPerDegLng,
  y: (p.lat - LAT0) * M_PER_DEG_LAT,
});

describe("beaconDistanceM (log-distance path loss)", () => {
  it.each([
    // rssi, measured power, N, metres: d = 10^((P - rssi) / (10 N))
    [-59, -59, 2, 1],
    [-79, -59, 2, 10],
    [-99, -59, 2, 100],
    [-89, -59, 3, 10],
    [-69, -59, 2.5, 10 ** 0.4],
    [-55, -59, 2, 10 ** -0.2],
  ])("rssi %d, P %d, N %d → %d m", (rssi, power, n, metres) => {
    expect(beaconDistanceM(rssi, power, n)).toBeCloseTo(metres, 6);
  });
});

describe("blePosition", () => {
  const square = [at("a", 0, 0), at("b", 20, 0), at("c", 0, 20), at("d", 20, 20)];

  it("one beacon: its own position, its range as accuracy", () => {
    const fix = blePosition([{ id: "a", rssi: -79 }], square);
    expect(fix).toMatchObject({
      lat: square[0]!.lat,
      lng: square[0]!.lng,
      accuracy: 10,
      level: 0,
      used: ["a"],
    });
  });

  it("one beacon close by: accuracy never below 1 m", () => {
    expect(blePosition([{ id: "A", rssi: -50 }], square)?.accuracy).toBe(1);
  });

  it("three or four beacons with exact ranges: the true point", () => {
    const truth = { x: 6, y: 8 };
    const sightings = square.map((b) => {
      const p = xy(b);
      return { id: b.uuid, rssi: rssiAt(Math.hypot(p.x - truth.x, p.y - truth.y)) };
    });
    for (const seen of [sightings, sightings.slice(0, 3)]) {
      const fix = blePosition(seen, square)!;
      expect(xy(fix).x).toBeCloseTo(6, 1);
      expect(xy(fix).y).toBeCloseTo(8, 1);
      expect(fix.accuracy).toBe(1);
    }
  });

  it("two beacons: a point between them, nearer the stronger one, with the nearer range as accuracy", () => {
    // 5 m from a and 15 m from b on the 20 m line a-b.
    const fix = blePosition(
      [
        { id: "a", rssi: rssiAt(5) },
        { id: "b", rssi: rssiAt(15) },
      ],
      square,
    )!;
    expect(xy(fix).x).toBeCloseTo(5, 1);
    expect(xy(fix).y).toBeCloseTo(0, 1);
    expect(fix.accuracy).toBeCloseTo(5, 1);
    expect(fix.used).toEqual(["a", "b"]);
  });

  it("uses the four strongest only", () => {
    const many = [...square, at("e", 100, 100)];
    const sightings = ["a", "b", "c", "d"].map((id) => ({ id, rssi: -70 }));
    const fix = blePosition([...sightings, { id: "e", rssi: -120 }], many)!;
    expect(fix.used).not.toContain("e");
    expect(xy(fix).x).toBeCloseTo(10, 1);
    expect(xy(fix).y).toBeCloseTo(10, 1);
  });

  it("keeps to the floor of the strongest beacon", () => {
    const floors = [
      at("g", 0, 0, { level: 0, indoorMapId: 1 }),
      at("u", 20, 0, { level: 1, indoorMapId: 2 }),
    ];
    const fix = blePosition(
      [
        { id: "g", rssi: -80 },
        { id: "u", rssi: -65 },
      ],
      floors,
    )!;
    expect(fix).toMatchObject({ level: 1, indoorMapId: 2, used: ["u"] });
  });

  it("ignores unknown beacons and signal strengths outside -1 … -150 dBm", () => {
    expect(blePosition([{ id: "zz", rssi: -60 }], square)).toBeNull();
    expect(blePosition([{ id: "a", rssi: 0 }], square)).toBeNull();
    expect(blePosition([{ id: "a", rssi: -151 }], square)).toBeNull();
    expect(blePosition([], square)).toBeNull();
  });

  it("a beacon heard twice counts once, at its strongest", () => {
    const fix = blePosition(
      [
        { id: "a", rssi: -99 },
        { id: "a", rssi: -79 },
      ],
      square,
    )!;
    expect(fix.accuracy).toBe(10);
  });
});
