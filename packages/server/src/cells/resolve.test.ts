import { distanceM } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import {
  cellKey,
  DEFAULT_CELL_RANGE,
  type KnownPlace,
  resolveLocation,
  type SeenAp,
  type SeenCell,
  signalWeight,
} from "./resolve.ts";

const cell = (cid: number, rssi: number | null = null): SeenCell => ({
  mcc: 214,
  mnc: 7,
  lac: 100,
  cid,
  rssi,
});
const ap = (n: number, rssi: number | null = -60): SeenAp => ({ mac: `aa:bb:cc:dd:ee:0${n}`, rssi });
const cells = new Map<string, KnownPlace>([
  [cellKey(cell(1)), { lat: 40.4, lng: -3.7, range: 2000 }],
  [cellKey(cell(2)), { lat: 40.41, lng: -3.7, range: 0 }],
]);
const wifi = new Map<string, KnownPlace>([
  ["aa:bb:cc:dd:ee:01", { lat: 40.42, lng: -3.71, range: 50 }],
  ["aa:bb:cc:dd:ee:02", { lat: 40.4202, lng: -3.71, range: 50 }],
]);
const known = { cells, wifi };

describe("resolveLocation", () => {
  const cases: {
    name: string;
    cells: SeenCell[];
    wifi: SeenAp[];
    expected: { src: 3 | 4; used: number; lat: number; lng: number } | null;
  }[] = [
    { name: "nothing seen", cells: [], wifi: [], expected: null },
    { name: "nothing known", cells: [cell(9)], wifi: [ap(9)], expected: null },
    {
      name: "one known tower",
      cells: [cell(1), cell(9)],
      wifi: [],
      expected: { src: 3, used: 1, lat: 40.4, lng: -3.7 },
    },
    {
      name: "two towers, equal signal: the midpoint",
      cells: [cell(1), cell(2)],
      wifi: [],
      expected: { src: 3, used: 2, lat: 40.405, lng: -3.7 },
    },
    {
      name: "two known APs win over towers",
      cells: [cell(1)],
      wifi: [ap(1), ap(2)],
      expected: { src: 4, used: 2, lat: 40.4201, lng: -3.71 },
    },
    {
      name: "one known AP loses to a known tower",
      cells: [cell(1)],
      wifi: [ap(1)],
      expected: { src: 3, used: 1, lat: 40.4, lng: -3.7 },
    },
    {
      name: "one known AP alone",
      cells: [cell(9)],
      wifi: [ap(1)],
      expected: { src: 4, used: 1, lat: 40.42, lng: -3.71 },
    },
    {
      name: "the same AP twice counts once",
      cells: [],
      wifi: [ap(1), ap(1)],
      expected: { src: 4, used: 1, lat: 40.42, lng: -3.71 },
    },
    {
      name: "unusable towers and MACs are ignored",
      cells: [
        { mcc: 214, mnc: 7, lac: 100, cid: 0, rssi: null },
        { mcc: 0, mnc: 7, lac: 100, cid: 1, rssi: null },
      ],
      wifi: [
        { mac: "ff:ff:ff:ff:ff:ff", rssi: -40 },
        { mac: "nonsense", rssi: -40 },
      ],
      expected: null,
    },
  ];
  it.each(cases)("$name", ({ cells: seenCells, wifi: seenAps, expected }) => {
    const out = resolveLocation({ cells: seenCells, wifi: seenAps }, known);
    if (expected === null) return expect(out).toBeNull();
    expect(out).not.toBeNull();
    expect(out!.src).toBe(expected.src);
    expect(out!.used).toBe(expected.used);
    expect(out!.lat).toBeCloseTo(expected.lat, 6);
    expect(out!.lng).toBeCloseTo(expected.lng, 6);
  });

  it("weights by signal: the stronger tower pulls the centroid", () => {
    const out = resolveLocation({ cells: [cell(1, -60), cell(2, -100)], wifi: [] }, known)!;
    expect(out.lat).toBeLessThan(40.402);
    expect(out.lat).toBeGreaterThan(40.4);
  });

  it("gives the table's range for one tower and the default when the table has none", () => {
    expect(resolveLocation({ cells: [cell(1)], wifi: [] }, known)!.accuracy).toBe(2000);
    expect(resolveLocation({ cells: [cell(2)], wifi: [] }, known)!.accuracy).toBe(DEFAULT_CELL_RANGE);
  });

  it("never claims less than the spread of what it averaged", () => {
    const far = new Map([
      [cellKey(cell(1)), { lat: 40.0, lng: -3.7, range: 100 }],
      [cellKey(cell(2)), { lat: 40.2, lng: -3.7, range: 100 }],
    ]);
    const out = resolveLocation({ cells: [cell(1), cell(2)], wifi: [] }, { cells: far, wifi })!;
    expect(out.accuracy).toBeGreaterThanOrEqual(
      Math.round(distanceM({ lat: 40.1, lng: -3.7 }, { lat: 40.2, lng: -3.7 })) - 1,
    );
  });
});

describe("signalWeight", () => {
  it.each([
    [null, 1],
    [-90, 1],
    [-70, 10],
    [-200, 10 ** -2],
    [50, 5.1],
  ])("%s → %s", (rssi, weight) => expect(signalWeight(rssi)).toBeCloseTo(weight, 6));
});
