import { distanceM } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { routeSpan } from "./route-span.ts";

const p = (ts: number, lat: number, lng: number) => ({ ts, lat, lng });
// Three fixes going north then back south: along the route is longer than straight.
const route = [p(0, 40, -3), p(60_000, 40.01, -3), p(180_000, 40, -3)];
const leg = distanceM(route[0] as never, route[1] as never);

describe("routeSpan", () => {
  it.each([
    { name: "same point", a: 0, b: 0, dist: 0, ms: 0, fixes: 1 },
    { name: "one leg", a: 0, b: 1, dist: leg, ms: 60_000, fixes: 2 },
    { name: "along the route, not straight", a: 0, b: 2, dist: 2 * leg, ms: 180_000, fixes: 3 },
    { name: "picked in reverse order", a: 2, b: 0, dist: 2 * leg, ms: 180_000, fixes: 3 },
  ])("$name", ({ a, b, dist, ms, fixes }) => {
    const span = routeSpan(route, a, b);
    expect(span?.distanceM).toBeCloseTo(dist, 3);
    expect(span?.durationMs).toBe(ms);
    expect(span?.fixes).toBe(fixes);
  });

  it.each([
    { a: -1, b: 0 },
    { a: 0, b: 3 },
    { a: 0.5, b: 1 },
  ])("rejects index $a..$b", ({ a, b }) => {
    expect(routeSpan(route, a, b)).toBeNull();
  });

  it("is null on an empty route", () => {
    expect(routeSpan([], 0, 0)).toBeNull();
  });
});
