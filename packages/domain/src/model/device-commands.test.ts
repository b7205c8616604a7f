import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ITEM_TYPE } from "./codes.ts";
import {
  commandsForItem,
  DEVICE_COMMAND_KINDS,
  type DeviceCommandKind,
  itemRefusal,
} from "./device-commands.ts";

describe("commands an item takes", () => {
  it.each([
    [ITEM_TYPE.vehicle, "engineStop", null],
    [ITEM_TYPE.vehicle, "engineResume", null],
    [ITEM_TYPE.asset, "engineStop", "noEngine"],
    [ITEM_TYPE.asset, "engineResume", "noEngine"],
    [ITEM_TYPE.person, "engineStop", "noEngine"],
    [ITEM_TYPE.asset, "reboot", null],
    [ITEM_TYPE.person, "custom", null],
  ] as const)("item type %i, %s: %j", (itemType, kind, expected) => {
    expect(itemRefusal(itemType, kind)).toBe(expected);
  });

  it.each([
    ["truck", "engineStop", null],
    ["bicycle", "engineStop", "noEngine"],
    ["bicycle", "engineResume", "noEngine"],
    ["bicycle", "custom", null],
  ] as const)("a %s vehicle, %s: %j", (vehicleType, kind, expected) => {
    expect(itemRefusal(ITEM_TYPE.vehicle, kind, vehicleType)).toBe(expected);
  });

  it("keeps the device's commands in order, dropping only those the item refuses", () => {
    fc.assert(
      fc.property(
        fc.subarray([...DEVICE_COMMAND_KINDS]),
        fc.constantFrom(ITEM_TYPE.vehicle, ITEM_TYPE.asset, ITEM_TYPE.person),
        (kinds: DeviceCommandKind[], itemType) => {
          const offered = commandsForItem(itemType, kinds);
          expect(offered).toEqual(kinds.filter((k) => itemRefusal(itemType, k) === null));
          if (itemType === ITEM_TYPE.vehicle) expect(offered).toEqual(kinds);
          else expect(offered).not.toContain("engineStop");
        },
      ),
    );
  });
});
