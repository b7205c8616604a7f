import { describe, expect, it } from "vitest";
import { parseMapFocus } from "./map-focus.ts";

describe("the map's deep link from alarm mails", () => {
  it.each([
    ["?lat=40.416800&lng=-3.703800&alarm=12", { lat: 40.4168, lng: -3.7038, alarmId: 12 }],
    ["?lat=-33.9&lng=151.2", { lat: -33.9, lng: 151.2, alarmId: null }],
    ["?lat=40&lng=-3&alarm=x", { lat: 40, lng: -3, alarmId: null }],
    ["?lat=91&lng=0", null],
    ["?lat=40&lng=200", null],
    ["?lat=&lng=", null],
    ["?lat=abc&lng=1", null],
    ["?lng=1", null],
    ["", null],
  ])("%s", (search, expected) => {
    expect(parseMapFocus(search)).toEqual(expected);
  });
});
