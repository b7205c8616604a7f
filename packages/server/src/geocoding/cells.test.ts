import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CELL_DEG, cellOf, cellsAround, cellsInBox, M_PER_DEG, MAX_PIECE_M, mPerDegLng } from "./cells.ts";

describe("cellOf", () => {
  it("names neighbouring cells apart and a cell's points alike", () => {
    expect(cellOf(40.4169, -3.7035)).toBe(cellOf(40.4169 + CELL_DEG / 10, -3.7035));
    expect(cellOf(40.4169, -3.7035)).not.toBe(cellOf(40.4169 + CELL_DEG, -3.7035));
    expect(cellOf(40.4169, -3.7035)).not.toBe(cellOf(40.4169, -3.7035 + CELL_DEG));
    // The antimeridian is one line: 180° east is 180° west.
    expect(cellOf(10, 180)).toBe(cellOf(10, -180));
  });
});

describe("cellsAround", () => {
  it("holds the cell of every point within the radius plus half a piece", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179.9, max: 179.9, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, bearing, fraction) => {
          const reach = (100 + MAX_PIECE_M / 2) * fraction;
          const dLat = (Math.cos(bearing) * reach) / M_PER_DEG;
          const dLng = (Math.sin(bearing) * reach) / mPerDegLng(lat + dLat);
          expect(cellsAround(lat, lng, 100)).toContain(cellOf(lat + dLat, lng + dLng));
        },
      ),
    );
  });
});

describe("cellsInBox", () => {
  it("covers every point of the box", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (south, west, size, u, v) => {
          const cells = cellsInBox(south, west, south + size, west + size);
          expect(cells).toContain(cellOf(south + u * size, west + v * size));
        },
      ),
    );
  });
});
