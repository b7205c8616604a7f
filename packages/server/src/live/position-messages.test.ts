import { emptyLiveItemState, ITEM_PREFIX, ITEM_TYPE } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { messageForEffect } from "./position-messages.ts";

const pos = {
  ts: 1,
  receivedTs: 2,
  lat: 40,
  lng: -3,
  alt: 0,
  spd: 10,
  course: 0,
  satt: 9,
  valid: true,
  src: 1 as const,
};

describe("messageForEffect", () => {
  it.each([ITEM_TYPE.vehicle, ITEM_TYPE.asset, ITEM_TYPE.person])(
    "names a position of item type %i with the type's prefix",
    (itemType) => {
      const state = { ...emptyLiveItemState(itemType, 7), pos };
      const out = messageForEffect({ kind: "pos" }, state, itemType);
      expect(out?.message).toEqual({
        type: `${ITEM_PREFIX[itemType]}Pos`,
        data: { id: 7, pos, motion: "stopped", ignition: null, since: null },
      });
    },
  );

  it("sends no position message for an item without a position", () => {
    expect(
      messageForEffect({ kind: "pos" }, emptyLiveItemState(ITEM_TYPE.vehicle, 7), ITEM_TYPE.vehicle),
    ).toBeNull();
  });
});
