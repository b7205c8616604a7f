import { describe, expect, it } from "vitest";
import { partitionOf } from "./jetstream.ts";
import { planOwnership } from "./partition-owners.ts";

const owners = (entries: [number, string][]) => new Map(entries);

describe("planOwnership", () => {
  it.each([
    {
      name: "a lone processor claims every partition",
      self: "a",
      view: { nodes: ["a"], owners: owners([]) },
      plan: { release: [], claim: [0, 1, 2, 3] },
    },
    {
      name: "a second processor claims the free half",
      self: "b",
      view: {
        nodes: ["a", "b"],
        owners: owners([
          [0, "a"],
          [1, "a"],
        ]),
      },
      plan: { release: [], claim: [2, 3] },
    },
    {
      name: "the first processor gives back what is above its share once a second one lives",
      self: "a",
      view: {
        nodes: ["a", "b"],
        owners: owners([
          [0, "a"],
          [1, "a"],
          [2, "a"],
          [3, "a"],
        ]),
      },
      plan: { release: [2, 3], claim: [] },
    },
    {
      name: "a survivor takes the partitions of a dead processor",
      self: "a",
      view: {
        nodes: ["a"],
        owners: owners([
          [0, "a"],
          [1, "a"],
        ]),
      },
      plan: { release: [], claim: [2, 3] },
    },
    {
      name: "nothing to do at the fair share",
      self: "b",
      view: {
        nodes: ["a", "b"],
        owners: owners([
          [0, "a"],
          [1, "a"],
          [2, "b"],
          [3, "b"],
        ]),
      },
      plan: { release: [], claim: [] },
    },
    {
      name: "a node not yet in the heartbeat list counts itself",
      self: "c",
      view: {
        nodes: ["a", "b"],
        owners: owners([
          [0, "a"],
          [1, "b"],
        ]),
      },
      plan: { release: [], claim: [2, 3] },
    },
  ])("$name", ({ self, view, plan }) => {
    expect(planOwnership(self, 4, view)).toEqual(plan);
  });
});

describe("partitionOf", () => {
  it("puts a device always in the same partition, within range, and spreads devices", () => {
    const imeis = Array.from({ length: 400 }, (_, i) => `35000001${String(i).padStart(7, "0")}`);
    const counts = new Array<number>(8).fill(0);
    for (const imei of imeis) {
      const p = partitionOf(imei, 8);
      expect(p).toBe(partitionOf(imei, 8));
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(8);
      counts[p]! += 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(20);
  });
});
