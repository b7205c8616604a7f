import type { SharedRoute } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { applySharedPosition } from "./shared-live.ts";

const view: SharedRoute = {
  createdTs: 0,
  expiresTs: 10_000,
  mapProvider: null,
  timezone: "Europe/Madrid",
  items: [
    {
      itemType: 1,
      itemId: 7,
      name: "Van",
      pos: { ts: 100, lat: 40, lng: -3, spd: 10, course: 0 },
      route: [[-3, 40]],
    },
    { itemType: 3, itemId: 7, name: "Ana", pos: null, route: [] },
  ],
};
const pos = (ts: number, lat: number) => ({ ts, lat, lng: -3, spd: 20, course: 90 });

describe("applySharedPosition", () => {
  it.each([
    [
      "a newer fix moves the item and extends its route",
      1,
      7,
      pos(200, 40.1),
      [
        [-3, 40],
        [-3, 40.1],
      ],
      200,
    ],
    ["an older fix changes nothing", 1, 7, pos(50, 41), [[-3, 40]], 100],
    ["the same fix again changes nothing", 1, 7, pos(100, 41), [[-3, 40]], 100],
    ["another item of the same id but another type is not touched", 2, 7, pos(300, 41), [[-3, 40]], 100],
  ] as const)("%s", (_name, itemType, itemId, p, route, ts) => {
    const next = applySharedPosition(view, { itemType, itemId, pos: p });
    expect(next.items[0]!.route).toEqual(route);
    expect(next.items[0]!.pos?.ts).toBe(ts);
  });

  it("gives a first position to an item that had none", () => {
    const next = applySharedPosition(view, { itemType: 3, itemId: 7, pos: pos(5, 39) });
    expect(next.items[1]!.pos?.lat).toBe(39);
    expect(next.items[1]!.route).toEqual([[-3, 39]]);
    expect(next.items[0]).toBe(view.items[0]);
  });
});
