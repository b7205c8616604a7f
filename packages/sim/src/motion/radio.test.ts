import { describe, expect, it } from "vitest";
import { radioAt, radioTable } from "./radio.ts";

describe("the simulated radio world", () => {
  const madrid = { lat: 40.4168, lng: -3.7038 };

  it("answers the same towers and access points for the same place, and others 2 km away", () => {
    expect(radioAt(madrid.lat, madrid.lng)).toEqual(radioAt(madrid.lat + 0.0001, madrid.lng + 0.0001));
    expect(radioAt(madrid.lat + 0.02, madrid.lng).cells[0]!.cid).not.toBe(
      radioAt(madrid.lat, madrid.lng).cells[0]!.cid,
    );
  });

  it("the table around a centre holds what a device anywhere inside it hears, placed within the tower's square", () => {
    const { towers, aps } = radioTable(madrid, 3000);
    for (const [dLat, dLng] of [
      [0, 0],
      [0.02, -0.03],
      [-0.025, 0.03],
    ]) {
      const heard = radioAt(madrid.lat + dLat!, madrid.lng + dLng!);
      const tower = towers.find((t) => t.cid === heard.cells[0]!.cid && t.lac === heard.cells[0]!.lac);
      expect(tower).toBeDefined();
      expect(Math.abs(tower!.lat - (madrid.lat + dLat!))).toBeLessThan(1 / 220);
      expect(Math.abs(tower!.lng - (madrid.lng + dLng!))).toBeLessThan(1 / 200);
      for (const ap of heard.wifi) expect(aps.some((a) => a.mac === ap.mac)).toBe(true);
    }
    // About 6 km × 6 km in 500 m squares.
    expect(towers.length).toBeGreaterThan(100);
    expect(towers.length).toBeLessThan(300);
  });
});
