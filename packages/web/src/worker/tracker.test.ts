import { describe, expect, it } from "vitest";
import { fixFromPosition, watchOptionsFor } from "./tracker.ts";

const position = (speed: number | null, heading: number | null) => ({
  timestamp: 1_700_000_000_123,
  coords: { latitude: 40.4167754, longitude: -3.7037902, accuracy: 8.4, altitude: 657, speed, heading },
});

describe("fixes from browser positions", () => {
  it("keeps the coordinates to about 0.1 m, speed in km/h and the activity it suggests", () => {
    const fix = fixFromPosition(position(5, 92.44), { level: 0.5, charging: true });
    expect(fix).toMatchObject({
      ts: 1_700_000_000_123,
      lat: 40.416775,
      lng: -3.70379,
      accuracy: 8.4,
      speed: 18,
      heading: 92.4,
      altitude: 657,
      battery: 50,
      charging: true,
      activity: "bicycle",
    });
    expect(fix.id.startsWith("001700000000123-")).toBe(true);
  });

  it("leaves unknown speed, heading and battery empty; a standing phone has no heading", () => {
    expect(fixFromPosition(position(null, null), null)).toMatchObject({
      lat: 40.416775,
      speed: null,
      heading: null,
      battery: null,
      charging: null,
      activity: "still",
    });
    expect(fixFromPosition(position(0, 180), null).heading).toBeNull();
  });

  it("takes the speed from the previous fix where the browser measures none; wandering within accuracy is standing", () => {
    const previous = {
      ts: 1_700_000_000_123 - 10_000,
      lat: 40.4167754,
      lng: -3.7037902 - 0.0013,
      accuracy: 8.4,
    };
    // 0.0013 degrees of longitude at 40.4° N is about 110 m: 110 m in 10 s is about 40 km/h.
    const moved = fixFromPosition(position(null, null), null, previous);
    expect(moved.speed).toBeGreaterThan(39);
    expect(moved.speed).toBeLessThan(41);
    expect(moved.activity).toBe("vehicle");
    const wandered = fixFromPosition(position(null, null), null, { ...previous, lng: -3.7037902 - 0.0001 });
    expect(wandered.speed).toBe(0);
    // A browser that measures speed is believed.
    expect(fixFromPosition(position(1, null), null, previous).speed).toBe(3.6);
    // Up to what no vehicle reaches: 400 m/s is a glitch, unknown rather than a fix the upload would refuse.
    expect(fixFromPosition(position(400, null), null, previous).speed).toBeNull();
  });

  it("asks for the satellite receiver only at the high level; lower levels accept older positions", () => {
    const levels = [0, 1, 2, 3, 6].map(watchOptionsFor);
    expect(levels.map((o) => o.enableHighAccuracy)).toEqual([false, false, false, true, true]);
    expect(levels.map((o) => o.maximumAge)).toEqual([600_000, 120_000, 0, 0, 0]);
  });
});
