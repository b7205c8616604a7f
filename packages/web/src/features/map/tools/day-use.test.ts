import { describe, expect, it } from "vitest";
import { dayUseSpans, idlePeriods, useTotals } from "./day-use.ts";

const MIN = 60_000;
const every = (from: number, to: number, stepMin = 1) => {
  const out: { ts: number }[] = [];
  for (let t = from; t <= to; t += stepMin * MIN) out.push({ ts: t });
  return out;
};

describe("day use", () => {
  it("is all offline without a fix", () => {
    expect(dayUseSpans([], [], 0, 1440 * MIN)).toEqual([{ kind: "offline", start: 0, end: 1440 * MIN }]);
  });

  it("drives between stops, stops and idles in them, and is offline before the first fix and in long silences", () => {
    const points = [...every(60 * MIN, 120 * MIN), ...every(200 * MIN, 260 * MIN)];
    const stops = [
      { startTs: 80 * MIN, endTs: 90 * MIN, lat: 0, lng: 0, idle: true },
      { startTs: 260 * MIN, endTs: null, lat: 0, lng: 0, idle: false },
    ];
    const spans = dayUseSpans(points, stops, 0, 300 * MIN);
    expect(spans.map((s) => [s.kind, s.start / MIN, s.end / MIN])).toEqual([
      ["offline", 0, 60],
      ["driving", 60, 80],
      ["idle", 80, 90],
      ["driving", 90, 120],
      ["offline", 120, 200],
      ["driving", 200, 260],
      ["stopped", 260, 300],
    ]);
    const totals = useTotals(spans);
    expect(totals).toEqual({ driving: 110 * MIN, idle: 10 * MIN, stopped: 40 * MIN, offline: 140 * MIN });
  });

  it("lists the idle stops over the threshold, an open one up to the end", () => {
    const stops = [
      { startTs: 0, endTs: 4 * MIN, lat: 0, lng: 0, idle: true },
      { startTs: 10 * MIN, endTs: 16 * MIN, lat: 0, lng: 0, idle: true },
      { startTs: 20 * MIN, endTs: 40 * MIN, lat: 0, lng: 0, idle: false },
      { startTs: 50 * MIN, endTs: null, lat: 0, lng: 0, idle: true },
    ];
    expect(idlePeriods(stops, 60 * MIN, 5 * MIN).map((s) => s.durationMs / MIN)).toEqual([6, 10]);
  });
});
