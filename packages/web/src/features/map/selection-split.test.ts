import fc from "fast-check";
import type { Feature, Point } from "geojson";
import { describe, expect, it } from "vitest";
import type { LiveKey } from "../../platform/live/store.ts";
import type { ItemProps } from "./features.ts";
import { splitSelected } from "./selection-split.ts";

const item = (key: LiveKey, lng = 0): Feature<Point, ItemProps> => ({
  type: "Feature",
  geometry: { type: "Point", coordinates: [lng, 40] },
  properties: { key, icon: "", heading: "", course: 0, label: key, acc: 0 },
});
const items = (...keys: LiveKey[]) => ({
  type: "FeatureCollection" as const,
  features: keys.map((k) => item(k)),
});
const keys = (c: { features: Feature<Point, ItemProps>[] }): string[] =>
  c.features.map((f) => f.properties.key);

interface Case {
  name: string;
  all: LiveKey[];
  selected: LiveKey | null;
  clustered: LiveKey[];
  own: LiveKey[];
}

describe("splitSelected", () => {
  it.each<Case>([
    {
      name: "no selection: all clustered",
      all: ["v:1", "v:2"],
      selected: null,
      clustered: ["v:1", "v:2"],
      own: [],
    },
    {
      name: "the selected item apart",
      all: ["v:1", "v:2", "p:4"],
      selected: "v:2",
      clustered: ["v:1", "p:4"],
      own: ["v:2"],
    },
    {
      name: "a selection not drawn (filtered out)",
      all: ["v:1"],
      selected: "a:9",
      clustered: ["v:1"],
      own: [],
    },
    { name: "the only item selected", all: ["v:1"], selected: "v:1", clustered: [], own: ["v:1"] },
  ])("$name", ({ all, selected, clustered, own }) => {
    const split = splitSelected(items(...all), selected);
    expect([keys(split.clustered), keys(split.selected)]).toEqual([clustered, own]);
  });

  it("every item is drawn exactly once, in its order, and the input is not changed", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 60 })),
        (ids, pick) => {
          const all = items(...ids.map((id): LiveKey => `v:${id}`));
          const before = keys(all);
          const selected: LiveKey | null = pick === null ? null : `v:${pick}`;
          const split = splitSelected(all, selected);
          expect(keys(all)).toEqual(before);
          expect([...keys(split.clustered), ...keys(split.selected)].sort()).toEqual([...before].sort());
          expect(keys(split.clustered)).toEqual(before.filter((k) => k !== selected));
          expect(keys(split.selected)).toEqual(before.includes(selected ?? "") ? [selected] : []);
        },
      ),
    );
  });
});
