import { describe, expect, it } from "vitest";
import { formatDuration, parseLatLng } from "./measure-format.ts";

describe("map tool formats", () => {
  it.each([
    [12, "12 s"],
    [60, "1 min"],
    [45 * 60, "45 min"],
    [3900, "1 h 05 min"],
    [4 * 3600 + 30 * 60, "4 h 30 min"],
  ])("duration %d s is %s", (s, text) => expect(formatDuration(s)).toBe(text));

  it.each([
    ["40.4168, -3.7038", { lat: 40.4168, lng: -3.7038 }],
    [" 40.4 -3.7 ", { lat: 40.4, lng: -3.7 }],
    ["40;-3", { lat: 40, lng: -3 }],
    ["91, 0", null],
    ["0, 181", null],
    ["Madrid", null],
    ["", null],
  ])("parses %j", (text, point) => expect(parseLatLng(text)).toEqual(point));
});
