/**
 * Following a route with bounded acceleration: slowing for corners, for lower limits ahead and for the
 * destination, plus the deliberate harsh manoeuvres. Mutates a working copy owned by `step`.
 */
import { otherEnd, type RoadNetwork } from "./network.ts";
import type { Rng } from "./rng.ts";
import type { HarshType, ItemState } from "./types.ts";

export interface MoveParams {
  accel: number;
  brake: number;
  /** Vehicles obey road limits and corners; pedestrians walk at `cruise`. */
  roads: boolean;
  cruise: number;
  harsh: boolean;
}

const G = 9.81;
/** Effective turning radius used to turn corner speed into lateral acceleration. */
const TURN_RADIUS_M = 10;
const HARSH_ACCEL = 3.6;
const HARSH_BRAKE = 4.4;
const MAX_NORMAL_DECEL = 3.2;

export interface TravelResult {
  distanceM: number;
  arrived: boolean;
  harsh: { type: HarshType; g: number }[];
}

/** Turn at the node between legs k and k+1, degrees (0 = straight on). */
export function turnAngle(net: RoadNetwork, st: ItemState, k: number): number {
  const r = st.route!;
  const a = r.nodes[k]!;
  const b = r.nodes[k + 1]!;
  const c = r.nodes[k + 2];
  if (c === undefined) return 0;
  const h1 = Math.atan2(net.x[b]! - net.x[a]!, net.y[b]! - net.y[a]!);
  const h2 = Math.atan2(net.x[c]! - net.x[b]!, net.y[c]! - net.y[b]!);
  let d = Math.abs(h2 - h1) % (2 * Math.PI);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return (d * 180) / Math.PI;
}

function cornerSpeed(angle: number): number {
  if (angle < 25) return Number.POSITIVE_INFINITY;
  if (angle < 60) return 35 / 3.6;
  if (angle < 120) return 18 / 3.6;
  return 12 / 3.6;
}

export function legLimit(net: RoadNetwork, st: ItemState, k: number): number {
  return net.edgeLimitKmh[st.route!.edges[k]!]! / 3.6;
}

/** Highest speed allowed at the end of this sub-step so every constraint ahead can still be met. */
function allowedAhead(net: RoadNetwork, st: ItemState, p: MoveParams, travelled: number): number {
  const r = st.route!;
  let dist = net.edgeLen[r.edges[st.leg]!]! - st.s - travelled;
  let allowed = Number.POSITIVE_INFINITY;
  for (let k = st.leg; k < r.edges.length; k++) {
    let vc = 0;
    if (k + 1 < r.edges.length) {
      vc = p.roads
        ? Math.min(cornerSpeed(turnAngle(net, st, k)), legLimit(net, st, k + 1) * st.speedFactor)
        : p.cruise;
      if (k === st.leg && st.cornerBoost)
        vc = Math.min(vc * 1.35, legLimit(net, st, k), legLimit(net, st, k + 1));
    }
    allowed = Math.min(allowed, Math.sqrt(vc * vc + 2 * p.brake * Math.max(0, dist)));
    if (dist > 300 || k + 1 >= r.edges.length) break;
    dist += net.edgeLen[r.edges[k + 1]!]!;
  }
  return allowed;
}

export function advance(net: RoadNetwork, st: ItemState, dtS: number, p: MoveParams, rng: Rng): TravelResult {
  const r = st.route!;
  const harsh: TravelResult["harsh"] = [];
  const v0 = st.v;
  let cruise = p.roads ? legLimit(net, st, st.leg) * st.speedFactor : p.cruise;
  if (p.harsh) {
    if (v0 < 1 && st.leg === 0 && st.s < 1 && st.harshAccelS <= 0 && rng.chance(0.06)) {
      st.harshAccelS = 3;
      harsh.push({ type: "harshAcceleration", g: round2(HARSH_ACCEL / G) });
    }
    if (v0 > 8 && st.harshBrakeS <= 0 && rng.chance(dtS / 900)) {
      st.harshBrakeS = rng.range(1.5, 2.5);
      st.brakeTarget = v0 * 0.4;
      harsh.push({ type: "harshBraking", g: round2(HARSH_BRAKE / G) });
    }
  }
  if (st.harshBrakeS > 0) cruise = Math.min(cruise, st.brakeTarget);
  const target = Math.min(cruise, allowedAhead(net, st, p, v0 * dtS));
  let v1: number;
  if (st.harshBrakeS > 0) v1 = Math.max(target, v0 - HARSH_BRAKE * dtS);
  else if (v0 <= target) v1 = Math.min(target, v0 + (st.harshAccelS > 0 ? HARSH_ACCEL : p.accel) * dtS);
  else v1 = Math.max(target, v0 - MAX_NORMAL_DECEL * dtS);
  st.harshAccelS -= dtS;
  st.harshBrakeS -= dtS;
  st.v = v1;

  let move = ((v0 + v1) / 2) * dtS;
  let distanceM = 0;
  for (;;) {
    const len = net.edgeLen[r.edges[st.leg]!]!;
    if (st.s + move < len) {
      st.s += move;
      distanceM += move;
      break;
    }
    const step = len - st.s;
    distanceM += step;
    move -= step;
    // Crossing the node at the end of this leg.
    const angle = turnAngle(net, st, st.leg);
    if (p.harsh && angle >= 60 && st.cornerBoost) {
      const g = (st.v * st.v) / TURN_RADIUS_M / G;
      if (g >= 0.35) harsh.push({ type: "harshCornering", g: round2(g) });
    }
    st.leg++;
    st.s = 0;
    if (st.leg >= r.edges.length) {
      return arrive(st, distanceM, harsh);
    }
    st.cornerBoost = p.harsh && rng.chance(0.04);
  }
  // A crawl that has stopped a hair short of the destination counts as arrived.
  if (st.v < 0.05 && st.leg === r.edges.length - 1) {
    const rest = net.edgeLen[r.edges[st.leg]!]! - st.s;
    if (rest < 3) return arrive(st, distanceM + rest, harsh);
  }
  updateHeading(net, st);
  return { distanceM, arrived: false, harsh };
}

function arrive(st: ItemState, distanceM: number, harsh: TravelResult["harsh"]): TravelResult {
  const r = st.route!;
  st.node = r.nodes[r.nodes.length - 1]!;
  st.route = null;
  st.leg = 0;
  st.s = 0;
  st.v = 0;
  st.harshAccelS = 0;
  st.harshBrakeS = 0;
  st.cornerBoost = false;
  return { distanceM, arrived: true, harsh };
}

function updateHeading(net: RoadNetwork, st: ItemState): void {
  const r = st.route!;
  const a = r.nodes[st.leg]!;
  const b = r.nodes[st.leg + 1]!;
  const h = (Math.atan2(net.x[b]! - net.x[a]!, net.y[b]! - net.y[a]!) * 180) / Math.PI;
  st.heading = (h + 360) % 360;
}

/** Position in metres of a state: on its current leg, or at its node when stationary. */
export function position(net: RoadNetwork, st: ItemState): { x: number; y: number } {
  if (!st.route) return { x: net.x[st.node]!, y: net.y[st.node]! };
  const e = st.route.edges[st.leg]!;
  const a = st.route.nodes[st.leg]!;
  const b = otherEnd(net, e, a);
  const f = st.s / net.edgeLen[e]!;
  return { x: net.x[a]! + (net.x[b]! - net.x[a]!) * f, y: net.y[a]! + (net.y[b]! - net.y[a]!) * f };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
