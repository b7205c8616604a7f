import { emptyLiveItemState, ITEM_TYPE } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AppliedPosition, newEngineItem } from "../live/index.ts";
import { type DeriveItem, type FrameContext, stepFrame } from "./frames.ts";
import { itemKey, itemRuns, NO_CARDS, namesDriver } from "./item-runs.ts";
import { DEFAULT_IDLE_MIN_MS, emptyDeriveOutput, emptyDeriveState } from "./segments.ts";

const position = (ts: number, attributes: DecodedPosition["attributes"] = {}): DecodedPosition => ({
  ts,
  lat: 40.4,
  lng: -3.7 + ts / 1e9,
  alt: 600,
  spd: 30,
  course: 90,
  satt: 9,
  valid: true,
  src: 1,
  attributes,
});

function applied(
  companyId: number,
  itemType: 1 | 2 | 3,
  itemId: number,
  p: DecodedPosition,
): AppliedPosition {
  const state = emptyLiveItemState(itemType, itemId, null);
  return {
    binding: {
      deviceRowId: itemId,
      companyId,
      itemType,
      itemId,
      groupId: null,
      odometerSource: 3,
      initialMileageKm: 0,
    },
    companyId,
    itemType,
    itemId,
    position: p,
    before: state,
    after: state,
    effects: [],
    late: false,
    engine: newEngineItem({ itemType, id: itemId, groupId: null }),
  };
}

describe("namesDriver", () => {
  it.each([
    ["no attributes", {}, false],
    ["a card", { driverId: "CARD1" }, true],
    ["an empty card", { driverId: "" }, false],
    ["a card that is not text", { driverId: 7 }, false],
    ["beacons heard", { bleSeen: "b1 b2" }, true],
    ["no beacon heard", { bleSeen: "" }, false],
    ["other sensors", { ignition: true, odometer: 5 }, false],
  ])("%s", (_name, attributes, expected) => {
    expect(namesDriver(position(1, attributes))).toBe(expected);
  });
});

describe("itemKey", () => {
  it("tells apart the same id of another item type, and ids up to 32 bits", () => {
    expect(itemKey(1, 5)).not.toBe(itemKey(2, 5));
    expect(itemKey(1, 2 ** 31 - 1)).not.toBe(itemKey(2, 0));
    expect(itemKey(3, 2 ** 31 - 1)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});

const entry = fc.record({
  companyId: fc.integer({ min: 1, max: 3 }),
  itemType: fc.constantFrom(ITEM_TYPE.vehicle, ITEM_TYPE.asset, ITEM_TYPE.person),
  itemId: fc.integer({ min: 1, max: 4 }),
  card: fc.constantFrom(null, "CARD1", ""),
});

describe("itemRuns", () => {
  it("splits a batch per item, keeping every position once, in batch order, and names the companies naming a driver", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        const batch = entries.map((e, i) =>
          applied(
            e.companyId,
            e.itemType,
            e.itemId,
            position(i, e.card === null ? {} : { driverId: e.card }),
          ),
        );
        const { runs, namingDriver } = itemRuns(batch);
        // Every position once, each run one item's, in batch order.
        expect(runs.flatMap((r) => r.positions).sort((a, b) => a.position.ts - b.position.ts)).toEqual(batch);
        for (const run of runs) {
          expect(run.positions.every((a) => itemKey(a.itemType, a.itemId) === run.key)).toBe(true);
          const times = run.positions.map((a) => a.position.ts);
          expect(times).toEqual([...times].sort((a, b) => a - b));
        }
        // One run per item, in the order of the items' first positions.
        const firsts = [...new Set(batch.map((a) => itemKey(a.itemType, a.itemId)))];
        expect(runs.map((r) => r.key)).toEqual(firsts);
        expect(namingDriver).toEqual(
          new Set(batch.filter((a) => namesDriver(a.position)).map((a) => a.companyId)),
        );
      }),
    );
  });

  it("leaves the cards unread only where they would not change a derivation: without a named driver, none and some derive alike", () => {
    const context = (cards: ReadonlyMap<string, number>): FrameContext => ({
      cfg: { itemType: 1, itemId: 1, timeZone: "Europe/Madrid", idleMinMs: DEFAULT_IDLE_MIN_MS },
      engineCfg: { odometerSource: 3, initialMileageKm: 0 },
      zones: { places: null, beacons: null },
      cards,
    });
    const fixes = fc.array(
      fc.record({
        gapS: fc.integer({ min: 1, max: 600 }),
        spd: fc.constantFrom(0, 3, 40),
        ignition: fc.boolean(),
        // Attributes that look like a driver's but name none; now and then a card that does.
        driverId: fc.constantFrom(undefined, "", "", "", "card1"),
        bleSeen: fc.constantFrom(undefined, ""),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(fixes, (list) => {
        let ts = Date.UTC(2026, 10, 20, 8);
        const positions = list.map(({ gapS, spd, ignition, driverId, bleSeen }) => {
          ts += gapS * 1000;
          const attributes: DecodedPosition["attributes"] = { ignition };
          if (driverId !== undefined) attributes.driverId = driverId;
          if (bleSeen !== undefined) attributes.bleSeen = bleSeen;
          return { ...position(ts, attributes), spd };
        });
        const derive = (cards: ReadonlyMap<string, number>) => {
          const out = emptyDeriveOutput();
          let item: DeriveItem = {
            state: emptyDeriveState(),
            engine: newEngineItem({ itemType: 1, id: 1, groupId: null }),
          };
          for (const p of positions) item = stepFrame(context(cards), item, p, out).item;
          return { out, item };
        };
        const cards = new Map([["CARD1", 71]]);
        // A card named: the cards decide the driver. None: they are never read.
        if (positions.some(namesDriver)) expect(derive(cards).item.engine.state.driverId).toBe(71);
        else expect(derive(NO_CARDS)).toEqual(derive(cards));
      }),
    );
  });
});
