import { describe, expect, it } from "vitest";
import { defaultDriverIds, initItem, step } from "./item.ts";
import { buildNetwork, shortestPath } from "./network.ts";
import { Rng } from "./rng.ts";
import type { ItemKind, ItemState, Sample } from "./types.ts";

const MADRID = { lat: 40.4168, lng: -3.7038 };
const net = buildNetwork(MADRID, { seed: 1 });
const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);

function run(
  kind: ItemKind,
  seed: number,
  seconds: number,
  intervalS = 5,
): { samples: Sample[]; states: ItemState[] } {
  const rng = new Rng(seed);
  let state = initItem(
    net,
    { kind, timeMs: T0, driverIds: kind === "vehicle" ? defaultDriverIds("v") : [] },
    rng,
  );
  const samples: Sample[] = [];
  const states: ItemState[] = [state];
  for (let t = 0; t < seconds; t += intervalS) {
    const r = step(net, state, intervalS * 1000, rng);
    state = r.state;
    samples.push(r.sample);
    states.push(state);
  }
  return { samples, states };
}

describe("mulberry32", () => {
  it("is deterministic and uniform enough", () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const xs = Array.from({ length: 10_000 }, () => a.next());
    expect(xs.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b.next()));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });
});

describe("street network", () => {
  it("is mostly connected and has every road class", () => {
    expect(net.reachable.length).toBeGreaterThan(0.95 * net.x.length);
    expect(new Set(net.edgeLimitKmh)).toEqual(new Set([30, 50, 60, 90]));
  });

  it("routes between far nodes and the route length is the sum of its edges", () => {
    const from = net.reachable[0]!;
    const to = net.reachable[net.reachable.length - 1]!;
    const r = shortestPath(net, from, to, "time")!;
    expect(r.nodes[0]).toBe(from);
    expect(r.nodes.at(-1)).toBe(to);
    expect(r.edges.reduce((s, e) => s + net.edgeLen[e]!, 0)).toBeCloseTo(r.lengthM, 6);
  });
});

describe("vehicle motion", () => {
  const { samples, states } = run("vehicle", 3, 8 * 3600);

  it("is deterministic for a seed", () => {
    const again = run("vehicle", 3, 3600).samples;
    expect(again).toEqual(samples.slice(0, again.length));
    expect(run("vehicle", 4, 3600).samples).not.toEqual(again);
  });

  it("drives several trips with stops in between", () => {
    const ons = samples.flatMap((s) => s.events).filter((e) => e.type === "ignitionOn");
    expect(ons.length).toBeGreaterThan(3);
    expect(samples.some((s) => s.ignition && s.speedKmh === 0)).toBe(true); // idling
    expect(samples.some((s) => !s.ignition)).toBe(true); // parked
  });

  it("has the ignition on whenever it moves", () => {
    for (const s of samples) if (s.speedKmh > 0) expect(s.ignition).toBe(true);
  });

  it("keeps to the limit except on deliberate speeding trips", () => {
    let speedingSeen = false;
    for (const s of samples) {
      if (s.speeding) {
        speedingSeen ||= s.speedKmh > (s.speedLimitKmh ?? 0);
        continue;
      }
      if (s.speedLimitKmh !== undefined) expect(s.speedKmh).toBeLessThanOrEqual(s.speedLimitKmh + 0.5);
    }
    expect(speedingSeen).toBe(true);
  });

  it("odometer is monotonic and grows by each route's length (±1%)", () => {
    for (let i = 1; i < samples.length; i++)
      expect(samples[i]!.odometerM).toBeGreaterThanOrEqual(samples[i - 1]!.odometerM);
    // Each trip: from the state where a route first appears to the first state without it.
    let trips = 0;
    for (let i = 1; i < states.length; i++) {
      const r = states[i]!.route;
      if (!r || states[i - 1]!.route === r) continue;
      const startOdo = states[i - 1]!.odometerM;
      let j = i;
      while (j < states.length && states[j]!.route === r) j++;
      if (j >= states.length) break;
      const driven = states[j]!.odometerM - startOdo;
      expect(Math.abs(driven - r.lengthM)).toBeLessThanOrEqual(0.01 * r.lengthM);
      trips++;
    }
    expect(trips).toBeGreaterThan(3);
  });

  it("burns fuel with distance, counts engine seconds and reports the driver while the ignition is on", () => {
    const first = samples[0]!;
    const last = samples.at(-1)!;
    expect(last.engineSeconds!).toBeGreaterThan(first.engineSeconds!);
    const refuels = samples.flatMap((s) => s.events).filter((e) => e.type === "refuel").length;
    if (refuels === 0) expect(last.fuelPct!).toBeLessThan(first.fuelPct!);
    for (const s of samples) expect(s.driverId !== undefined).toBe(s.ignition === true);
    expect(new Set(samples.map((s) => s.driverId).filter(Boolean)).size).toBeGreaterThan(1);
    for (const s of samples) expect(s.externalMv!).toBeGreaterThan(s.ignition ? 13700 : 12000);
  });

  it("produces each kind of harsh event over a long run", () => {
    const types = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      for (const s of run("vehicle", seed, 12 * 3600, 10).samples)
        for (const e of s.events) types.add(e.type);
    }
    expect(types).toContain("harshAcceleration");
    expect(types).toContain("harshBraking");
    expect(types).toContain("harshCornering");
  });
});

describe("persons and assets", () => {
  it("persons walk at 3–6 km/h between pauses, without an ignition", () => {
    const { samples } = run("person", 5, 4 * 3600);
    const moving = samples.filter((s) => s.speedKmh > 0);
    expect(moving.length).toBeGreaterThan(10);
    expect(samples.some((s) => s.speedKmh === 0)).toBe(true);
    for (const s of moving) expect(s.speedKmh).toBeLessThanOrEqual(6.1);
    const cruising = moving.filter((s, i) => i > 0 && moving[i - 1]!.speedKmh === s.speedKmh);
    for (const s of cruising) expect(s.speedKmh).toBeGreaterThanOrEqual(2.9);
    expect(samples.every((s) => s.ignition === undefined)).toBe(true);
  });

  it("assets mostly sit still and move rarely", () => {
    const { samples } = run("asset", 9, 48 * 3600, 60);
    const moving = samples.filter((s) => s.speedKmh > 0).length;
    expect(moving).toBeGreaterThan(0);
    expect(moving / samples.length).toBeLessThan(0.2);
  });
});
