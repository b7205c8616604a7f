import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EpisodeMarkers } from "./episode-markers.ts";

describe("EpisodeMarkers", () => {
  it("answers like a map of numbers, and a held cell sees every change of its key", () => {
    const markers = new EpisodeMarkers();
    const held = markers.ofItem("1:7").cell(12);
    expect(markers.has("12:1:7")).toBe(false);
    markers.set("12:1:7", 5);
    expect(held.value).toBe(5);
    expect(markers.get("12:1:7")).toBe(5);
    held.value = 6;
    expect(markers.get("12:1:7")).toBe(6);
    expect(markers.delete("12:1:7")).toBe(true);
    expect(held.value).toBeUndefined();
    expect(markers.delete("12:1:7")).toBe(false);
    markers.set("12:1:7", 8);
    expect(held).toBe(markers.ofItem("1:7").cell(12));
    expect(held.value).toBe(8);
  });

  it("property: after any sets and deletes it holds what a plain map holds", () => {
    const op = fc.record({
      rule: fc.integer({ min: 1, max: 4 }),
      item: fc.constantFrom("1:7", "2:7", "1:70"),
      value: fc.option(fc.integer({ min: 0, max: 9 })),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const markers = new EpisodeMarkers();
        const plain = new Map<string, number>();
        for (const { rule, item, value } of ops) {
          const key = `${rule}:${item}`;
          if (value === null) expect(markers.delete(key)).toBe(plain.delete(key));
          else {
            markers.set(key, value);
            plain.set(key, value);
          }
        }
        expect(new Map(markers)).toEqual(plain);
        for (const key of plain.keys()) expect(markers.get(key)).toBe(plain.get(key));
      }),
    );
  });
});
