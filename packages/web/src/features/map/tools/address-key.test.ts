import { describe, expect, it } from "vitest";
import { addressKey, missingPoints } from "./address-key.ts";

describe("addressKey", () => {
  it.each([
    { lat: 40.123456, lng: -3.1, lang: "en", key: "en:40.12346,-3.10000" },
    { lat: 40.123457, lng: -3.100001, lang: "en", key: "en:40.12346,-3.10000" },
    { lat: 40.123456, lng: -3.1, lang: "es", key: "es:40.12346,-3.10000" },
  ])("$lat,$lng,$lang", ({ lat, lng, lang, key }) => {
    expect(addressKey(lat, lng, lang)).toBe(key);
  });
});

describe("missingPoints", () => {
  const a = { lat: 40, lng: -3 };
  const b = { lat: 41, lng: -3 };
  const c = { lat: 42, lng: -3 };
  it.each([
    { name: "all missing", points: [a, b], cached: [], max: 500, out: [a, b] },
    { name: "skips cached", points: [a, b], cached: [addressKey(40, -3, "en")], max: 500, out: [b] },
    { name: "once each", points: [a, a, b], cached: [], max: 500, out: [a, b] },
    { name: "bounded", points: [a, b, c], cached: [], max: 2, out: [a, b] },
  ])("$name", ({ points, cached, max, out }) => {
    expect(missingPoints(points, new Set(cached), "en", max)).toEqual(out);
  });
});
