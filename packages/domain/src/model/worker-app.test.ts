import { describe, expect, it } from "vitest";
import {
  activityFromSpeed,
  parsePairingFragment,
  speedBetween,
  workerPairingLink,
  workerUploadSchema,
} from "./worker-app.ts";

describe("worker app pairing links", () => {
  it("round-trips the device id and key through the link's fragment", () => {
    const link = workerPairingLink("https://fleet.example", {
      deviceId: "356307042441013",
      key: "ab+c/d=e&f",
    });
    expect(link.startsWith("https://fleet.example/app/#pair=356307042441013&key=")).toBe(true);
    expect(parsePairingFragment(new URL(link).hash)).toEqual({
      deviceId: "356307042441013",
      key: "ab+c/d=e&f",
    });
  });

  it("reads a fragment with or without its #, and refuses one without an id or a key", () => {
    expect(parsePairingFragment("pair=A1&key=k")).toEqual({ deviceId: "A1", key: "k" });
    expect(parsePairingFragment("#pair=A1")).toBeNull();
    expect(parsePairingFragment("#key=k")).toBeNull();
    expect(parsePairingFragment("#pair=with space&key=k")).toBeNull();
    expect(parsePairingFragment("")).toBeNull();
  });
});

describe("activity from speed", () => {
  it("names the activity of each speed band", () => {
    expect([null, 0, 0.9, 1, 6.9, 7, 14.9, 15, 29.9, 30, 120].map(activityFromSpeed)).toEqual([
      "still",
      "still",
      "still",
      "walking",
      "walking",
      "running",
      "running",
      "bicycle",
      "bicycle",
      "vehicle",
      "vehicle",
    ]);
  });
});

describe("worker upload", () => {
  const fix = {
    id: "f1",
    ts: 1_700_000_000_000,
    lat: 40.4,
    lng: -3.7,
    accuracy: 5,
    speed: 3,
    heading: null,
    altitude: null,
    battery: 80,
    charging: false,
    activity: "walking",
  };
  it("accepts a batch of fixes and names the field of a bad one", () => {
    expect(workerUploadSchema.safeParse({ fixes: [fix] }).success).toBe(true);
    const bad = workerUploadSchema.safeParse({ fixes: [{ ...fix, lat: 91 }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["fixes", 0, "lat"]);
    expect(workerUploadSchema.safeParse({ fixes: [] }).success).toBe(false);
  });
});

describe("speed between two fixes", () => {
  const at = (ts: number, lng: number, accuracy: number | null = 5) => ({ ts, lat: 0, lng, accuracy });
  it("is distance over time in km/h once the move exceeds both accuracy radii", () => {
    // 0.001 degrees of longitude on the equator is 111.2 m: in 10 s, 40 km/h.
    expect(speedBetween(at(0, 0), at(10_000, 0.001))).toBe(40);
    expect(speedBetween(at(0, 0, null), at(20_000, 0.001, null))).toBe(20);
  });
  it("counts a move within the accuracy radii as standing still", () => {
    expect(speedBetween(at(0, 0, 60), at(10_000, 0.001, 60))).toBe(0);
  });
  it("has no speed for fixes out of time order or at the same instant", () => {
    expect(speedBetween(at(10_000, 0), at(0, 0.001))).toBeNull();
    expect(speedBetween(at(0, 0), at(0, 0.001))).toBeNull();
  });
  it("has no speed for a jump faster than any vehicle (the position switching source)", () => {
    // 1.1 km in one second: about 4,000 km/h.
    expect(speedBetween(at(0, 0), at(1000, 0.01))).toBeNull();
    // The same 1.1 km in 5 s is an airliner's 800 km/h: under the limit, kept.
    expect(speedBetween(at(0, 0), at(5000, 0.01))).toBe(800.6);
  });
});
