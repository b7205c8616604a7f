import { describe, expect, it } from "vitest";
import {
  BEACON_ZONE_FAMILIES,
  EVENT_FAMILY,
  EVENT_FAMILY_CODES,
  EVENT_FAMILY_DEFAULTS,
  eventFamilyValueError,
  mailFlagOf,
} from "./alarm-event-families.ts";

describe("beacon zone families (33 entry, 34 exit)", () => {
  it("are event families, preset to any zone", () => {
    for (const family of [EVENT_FAMILY.beaconZoneEntry, EVENT_FAMILY.beaconZoneExit]) {
      expect(EVENT_FAMILY_CODES.has(family)).toBe(true);
      expect(BEACON_ZONE_FAMILIES.has(family)).toBe(true);
      expect(EVENT_FAMILY_DEFAULTS[family]).toBe(0);
    }
    expect([EVENT_FAMILY.beaconZoneEntry, EVENT_FAMILY.beaconZoneExit]).toEqual([33, 34]);
  });

  it.each([
    [33, 0, null],
    [33, 12, null],
    [34, 7, null],
    [33, null, "required"],
    [34, -1, "invalid"],
    [34, 2.5, "invalid"],
  ])("family %i value %j → %j", (family, value, expected) => {
    expect(eventFamilyValueError(family, value)).toBe(expected);
  });

  it.each([
    [33, "geo"],
    [34, "geo"],
    [5, "geo"],
    [32, "lock"],
  ])("family %i mails under the %s flag", (family, flag) => {
    expect(mailFlagOf(family)).toBe(flag);
  });
});
