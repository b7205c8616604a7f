/**
 * The per-item state machine. Vehicles: parked (ignition off) → ignition on, idling → driving to a random
 * destination → idling (short, or a long idle) → ignition off → parked. Assets sit for hours and are now and then
 * carried somewhere by truck. Persons walk (3–6 km/h) between pauses.
 * `step` is pure apart from the Rng it is handed: time is passed in, never read from a clock.
 */
import { nearestNode, type RoadNetwork, shortestPath, toLatLng } from "./network.ts";
import { Rng, seedFor } from "./rng.ts";
import { advance, legLimit, type MoveParams, position } from "./travel.ts";
import type { ItemConfig, ItemKind, ItemState, Sample, SimEvent } from "./types.ts";

const MIN = 60_000;
/** Physics sub-step: corners and braking are resolved at 1 s whatever the reporting interval. */
const SUB_STEP_MS = 1000;
/** City driving consumption, litres per metre (9 l/100 km), and idling, litres per second (0.8 l/h). */

const PARAMS: Record<ItemKind, MoveParams> = {
  vehicle: { accel: 1.6, brake: 2.0, roads: true, cruise: 0, harsh: true },
  asset: { accel: 1.0, brake: 1.8, roads: true, cruise: 0, harsh: false },
  person: { accel: 0.6, brake: 0.8, roads: false, cruise: 1.3, harsh: false },
};

/** Deterministic iButton ids (16 hex digits) for a vehicle that was given none. */
export function defaultDriverIds(key: string, count = 3): string[] {
  return Array.from({ length: count }, (_, i) => {
    const r = new Rng(seedFor(7, `${key}/${i}`));
    const hi = Math.floor(r.next() * 0x1000000);
    const lo = Math.floor(r.next() * 0x100000000);
    return `01${hi.toString(16).padStart(6, "0")}${lo.toString(16).padStart(8, "0")}`.toUpperCase();
  });
}

export interface InitOptions {
  kind: ItemKind;
  timeMs: number;
  start?: { lat: number; lng: number };
  driverIds?: readonly string[];
  /** Counters to start from (where a stored history of the item ended), instead of random ones. */
  counters?: StartCounters;
}

export interface StartCounters {
  odometerM: number;
  fuelL: number;
  engineS: number;
}

/** Litres a vehicle burns per metre driven and per second idling, for anything that models the same fleet. */
export const FUEL_PER_M = 9 / 100_000;
export const FUEL_IDLE_PER_S = 0.8 / 3600;
/** The simulated tank, litres. */
export const TANK_L = 60;

/** Ground altitude, metres, at x/y metres east/north of the network's centre. */
export const altitudeAt = (x: number, y: number): number =>
  Math.round(80 + 25 * Math.sin(x / 900) + 15 * Math.cos(y / 1300));

export function initItem(net: RoadNetwork, opts: InitOptions, rng: Rng): ItemState {
  const config: ItemConfig = { kind: opts.kind, driverIds: opts.driverIds ?? [], tankL: TANK_L };
  const node = opts.start ? nearestNode(net, opts.start.lat, opts.start.lng) : rng.pick(net.reachable);
  const st: ItemState = {
    config,
    timeMs: opts.timeMs,
    phase: "parked",
    phaseLeftMs: 0,
    afterIdle: "move",
    node,
    route: null,
    leg: 0,
    s: 0,
    v: 0,
    heading: rng.int(360),
    speedFactor: 1,
    harshAccelS: 0,
    harshBrakeS: 0,
    brakeTarget: 0,
    cornerBoost: false,
    ignition: false,
    odometerM: Math.round(rng.range(5_000, 250_000) * 1000),
    fuelL: rng.range(0.3, 0.95) * config.tankL,
    engineS: Math.round(rng.range(200, 6000) * 3600),
    // Drawn either way above, so the rest of the item's random course is the same with given counters.
    ...(opts.counters ?? {}),
    driverIdx: rng.int(Math.max(1, config.driverIds.length)),
    satellites: 6 + rng.int(7),
    gsm: 3 + rng.int(3),
    batteryPct: rng.range(40, 100),
    charging: false,
  };
  // Start most of the fleet close to departure so a demo map moves within the first minute.
  const roll = rng.next();
  if (opts.kind === "vehicle") {
    if (roll < 0.6) {
      st.ignition = true;
      st.phase = "idle";
      st.phaseLeftMs = rng.range(0, 0.75) * MIN;
    } else st.phaseLeftMs = roll < 0.85 ? rng.range(0, 3) * MIN : rng.range(5, 30) * MIN;
  } else if (opts.kind === "person") {
    st.phaseLeftMs = roll < 0.6 ? rng.range(0, 1) * MIN : rng.range(2, 15) * MIN;
  } else st.phaseLeftMs = roll < 0.2 ? rng.range(0, 10) * MIN : rng.range(60, 600) * MIN;
  return st;
}

/** Advances `state` by `dtMs` and reports where it is now and what happened meanwhile. */
export function step(
  net: RoadNetwork,
  state: ItemState,
  dtMs: number,
  rng: Rng,
): { state: ItemState; sample: Sample } {
  const st: ItemState = { ...state };
  const events: SimEvent[] = [];
  let left = Math.max(0, dtMs);
  while (left > 0) {
    const dt = Math.min(SUB_STEP_MS, left);
    left -= dt;
    st.timeMs += dt;
    subStep(net, st, dt, rng, events);
  }
  return { state: st, sample: sampleOf(net, st, events, rng) };
}

function subStep(net: RoadNetwork, st: ItemState, dt: number, rng: Rng, events: SimEvent[]): void {
  const kind = st.config.kind;
  const dtS = dt / 1000;
  if (st.ignition) {
    st.engineS += dtS;
    if (st.phase !== "moving") st.fuelL = Math.max(0, st.fuelL - FUEL_IDLE_PER_S * dtS);
  }
  if (kind === "person") drainBattery(st, dtS);
  if (st.phase === "moving") {
    const r = advance(net, st, dtS, PARAMS[kind], rng);
    st.odometerM += r.distanceM;
    if (kind === "vehicle") st.fuelL = Math.max(0, st.fuelL - FUEL_PER_M * r.distanceM);
    for (const h of r.harsh) events.push(h);
    if (r.arrived) onArrival(st, rng, events);
    return;
  }
  st.phaseLeftMs -= dt;
  if (st.phaseLeftMs > 0) return;
  if (kind === "vehicle") {
    if (st.phase === "parked") {
      st.ignition = true;
      if (st.config.driverIds.length > 0) {
        // Drivers rotate, with the occasional swap out of turn.
        st.driverIdx = (st.driverIdx + (rng.chance(0.2) ? 2 : 1)) % st.config.driverIds.length;
      }
      events.push({ type: "ignitionOn", driverId: st.config.driverIds[st.driverIdx] ?? null });
      st.phase = "idle";
      st.afterIdle = "move";
      st.phaseLeftMs = rng.range(0.5, 4) * MIN;
    } else if (st.afterIdle === "move") startTrip(net, st, rng);
    else {
      st.ignition = false;
      events.push({ type: "ignitionOff" });
      st.phase = "parked";
      st.phaseLeftMs = rng.chance(0.08) ? rng.range(60, 180) * MIN : rng.range(3, 30) * MIN;
    }
  } else startTrip(net, st, rng);
}

function startTrip(net: RoadNetwork, st: ItemState, rng: Rng): void {
  const kind = st.config.kind;
  // Vehicles cross town, carried assets go a few kilometres, walkers stay within about 1.5 km.
  const [minM, maxM] = kind === "person" ? [200, 1500] : kind === "asset" ? [1000, 5000] : [800, 9000];
  for (let attempt = 0; attempt < 8; attempt++) {
    const dest = rng.pick(net.reachable);
    const d = Math.hypot(net.x[dest]! - net.x[st.node]!, net.y[dest]! - net.y[st.node]!);
    if (dest === st.node || d < minM || (d > maxM && attempt < 7)) continue;
    const route = shortestPath(net, st.node, dest, kind === "person" ? "distance" : "time");
    if (!route || route.edges.length === 0) continue;
    st.route = route;
    st.leg = 0;
    st.s = 0;
    st.v = 0;
    st.phase = "moving";
    st.cornerBoost = false;
    if (kind === "vehicle") {
      const speeding = rng.chance(0.12);
      st.speedFactor = speeding ? rng.range(1.1, 1.3) : rng.range(0.85, 0.99);
    } else if (kind === "asset") st.speedFactor = rng.range(0.8, 0.95);
    else st.speedFactor = rng.range(0.65, 1.3); // 3–6 km/h around the 1.3 m/s cruise
    return;
  }
  // Nowhere suitable to go: wait and try again.
  st.phaseLeftMs = MIN;
}

function onArrival(st: ItemState, rng: Rng, events: SimEvent[]): void {
  const kind = st.config.kind;
  st.speedFactor = 1;
  if (kind === "vehicle") {
    if (st.fuelL < 0.2 * st.config.tankL && rng.chance(0.7)) {
      const litres = st.config.tankL * rng.range(0.95, 1) - st.fuelL;
      st.fuelL += litres;
      events.push({ type: "refuel", litres: Math.round(litres * 10) / 10 });
    }
    st.phase = "idle";
    st.afterIdle = "park";
    st.phaseLeftMs = rng.chance(0.2) ? rng.range(3, 12) * MIN : rng.range(10, 60) * 1000;
  } else {
    st.phase = "parked";
    st.phaseLeftMs =
      kind === "asset"
        ? rng.range(120, 720) * MIN
        : rng.chance(0.1)
          ? rng.range(30, 90) * MIN
          : rng.range(1, 10) * MIN;
  }
}

function drainBattery(st: ItemState, dtS: number): void {
  if (st.charging) {
    st.batteryPct = Math.min(100, st.batteryPct + dtS / 60);
    if (st.batteryPct >= 100) st.charging = false;
  } else {
    st.batteryPct = Math.max(1, st.batteryPct - dtS / 600);
    // Phones get plugged in during a long pause when low.
    if (st.batteryPct < 20 && st.phase === "parked" && st.phaseLeftMs > 20 * MIN) st.charging = true;
  }
}

function sampleOf(net: RoadNetwork, st: ItemState, events: SimEvent[], rng: Rng): Sample {
  const kind = st.config.kind;
  const { x, y } = position(net, st);
  const { lat, lng } = toLatLng(net, x, y);
  // Slow random walks for the radio figures.
  st.satellites = Math.min(14, Math.max(5, st.satellites + rng.int(3) - 1));
  st.gsm = Math.min(5, Math.max(1, st.gsm + (rng.chance(0.1) ? rng.int(3) - 1 : 0)));
  const sample: Sample = {
    timeMs: st.timeMs,
    lat,
    lng,
    altitudeM: altitudeAt(x, y),
    speedKmh: Math.round(st.v * 3.6 * 10) / 10,
    heading: Math.round(st.heading),
    satellites: st.satellites,
    moving: st.v > 0,
    odometerM: Math.round(st.odometerM),
    batteryMv: kind === "person" ? Math.round(3500 + 7 * st.batteryPct) : 4100,
    batteryPct: kind === "person" ? Math.round(st.batteryPct) : 100,
    charging: kind === "person" ? st.charging : kind === "vehicle",
    gsm: st.gsm,
    speeding: st.route !== null && st.speedFactor > 1 && kind === "vehicle",
    events,
  };
  if (st.route) sample.speedLimitKmh = Math.round(legLimit(net, st, st.leg) * 3.6);
  if (kind === "vehicle") {
    sample.ignition = st.ignition;
    sample.fuelPct = Math.round((100 * st.fuelL) / st.config.tankL);
    sample.engineSeconds = Math.floor(st.engineS);
    sample.externalMv = st.ignition ? 13800 + rng.int(500) : 12350 + rng.int(250);
    const driver = st.config.driverIds[st.driverIdx];
    if (st.ignition && driver) sample.driverId = driver;
  }
  return sample;
}
