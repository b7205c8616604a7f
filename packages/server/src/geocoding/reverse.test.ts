import { describe, expect, it } from "vitest";
import { ManualClock } from "../kernel/config.ts";
import { EgressGuard } from "../kernel/egress.ts";
import { ReverseGeocoder } from "./reverse.ts";

describe("ReverseGeocoder without GEOCODER_URL", () => {
  const geocoder = new ReverseGeocoder(null, new ManualClock(0), new EgressGuard());

  it.each([
    ["Puerta del Sol", 40.4169, -3.7035, "es", "Madrid, España"],
    ["Eiffel tower", 48.8584, 2.2945, "fr", "Paris, France"],
    ["Times Square", 40.758, -73.9855, "en", "NY, United States"],
    ["Bosphorus", 41.0422, 29.0083, "tr", "Türkiye"],
  ])("names the place of %s", async (_label, lat, lng, lang, expected) => {
    expect(await geocoder.address(lat, lng, lang)).toContain(expected);
  });

  it("says how far the nearest place is from a remote point", async () => {
    // The Bardenas Reales desert, in Navarre, has no town within several kilometres.
    const text = await geocoder.address(42.195, -1.49, "en");
    expect(text).toMatch(/^(near |\d+\.\d km from ).+, Spain$/);
  });

  it("answers bare coordinates in mid-ocean", async () => {
    expect(await geocoder.address(0, -30, "en")).toBe("0.00000, -30.00000");
  });

  it("answers many points at once for report tables, the same text as one by one", async () => {
    const points = [
      { lat: 40.4169, lng: -3.7035 },
      { lat: 48.8584, lng: 2.2945 },
      { lat: 40.4169, lng: -3.7035 },
    ];
    expect(await geocoder.addresses(points, "en")).toEqual(
      await Promise.all(points.map((p) => geocoder.address(p.lat, p.lng, "en"))),
    );
  });
});
