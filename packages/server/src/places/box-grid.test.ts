import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoxGrid } from "./box-grid.ts";
import type { Box } from "./prepared-zone.ts";

/** The grid must visit exactly the boxes a plain overlap test over every box finds, each once. */

const overlaps = (b: Box, q: Box): boolean =>
  b.minLng <= q.maxLng && b.minLat <= q.maxLat && b.maxLng >= q.minLng && b.maxLat >= q.minLat;

const visited = (grid: BoxGrid, q: Box): number[] => {
  const out: number[] = [];
  grid.search(q.minLng, q.minLat, q.maxLng, q.maxLat, (i) => out.push(i));
  return out.sort((a, b) => a - b);
};

// Boxes from points to whole hemispheres, longitudes past ±180 as unwrapped zones have them.
const boxArb = fc
  .record({
    lng: fc.double({ min: -200, max: 200, noNaN: true }),
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    w: fc.oneof(
      fc.constant(0),
      fc.double({ min: 0, max: 0.5, noNaN: true }),
      fc.double({ min: 0, max: 200, noNaN: true }),
    ),
    h: fc.oneof(
      fc.constant(0),
      fc.double({ min: 0, max: 0.5, noNaN: true }),
      fc.double({ min: 0, max: 90, noNaN: true }),
    ),
  })
  .map(({ lng, lat, w, h }): Box => ({ minLng: lng, minLat: lat, maxLng: lng + w, maxLat: lat + h }));

describe("BoxGrid", () => {
  it("property: a search visits once each box that overlaps or touches the query box, and no other", () => {
    fc.assert(
      fc.property(
        fc.array(boxArb, { maxLength: 60 }),
        fc.array(boxArb, { minLength: 1, maxLength: 20 }),
        (boxes, queries) => {
          const grid = new BoxGrid(boxes);
          // Queries on the boxes' own corners too: touching counts.
          const probes = [
            ...queries,
            ...boxes.map((b) => ({ minLng: b.maxLng, minLat: b.maxLat, maxLng: b.maxLng, maxLat: b.maxLat })),
          ];
          for (const q of probes) {
            const expected = boxes.flatMap((b, i) => (overlaps(b, q) ? [i] : []));
            expect(visited(grid, q)).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds a box spanning most of the grid (kept apart from the cells) among a thousand small ones", () => {
    // Small boxes set cells of a few degrees: the polar cap would cover over a thousand of them.
    const small = Array.from({ length: 1000 }, (_, i): Box => {
      const lng = (i % 100) / 10;
      const lat = Math.floor(i / 100);
      return { minLng: lng, minLat: lat, maxLng: lng + 0.05, maxLat: lat + 0.05 };
    });
    const cap: Box = { minLng: -180, minLat: 60, maxLng: 180, maxLat: 90 };
    const grid = new BoxGrid([...small, cap]);
    expect(visited(grid, { minLng: 0.52, minLat: 3.02, maxLng: 0.52, maxLat: 3.02 })).toEqual([305]);
    expect(visited(grid, { minLng: 100, minLat: 70, maxLng: 100, maxLat: 70 })).toEqual([1000]);
    expect(visited(grid, { minLng: 100, minLat: 50, maxLng: 100, maxLat: 50 })).toEqual([]);
  });

  it("finds nothing in an empty grid", () => {
    expect(visited(new BoxGrid([]), { minLng: 0, minLat: 0, maxLng: 1, maxLat: 1 })).toEqual([]);
  });
});
