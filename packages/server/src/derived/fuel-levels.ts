/**
 * Fuel from a tank level sensor (percent of the tank): what was burnt, and the refuels and sudden drops (a tank
 * emptied while parked) found in the level's history. Pure.
 *
 * - The level is smoothed with a running median of three readings, so one sloshing reading is neither a refuel nor
 *   a drop.
 * - A refuel: the level rises by at least EVENT_SHARE of the tank within EVENT_WINDOW_MS; its litres are the rise.
 * - A drop: the level falls by at least EVENT_SHARE of the tank within EVENT_WINDOW_MS while the vehicle does not
 *   move; it is listed, and not counted as burnt.
 * - Burnt: every other fall of the level.
 */
export interface LevelSample {
  ts: number;
  /** Percent of the tank. */
  pct: number;
  /** km/h */
  spd: number;
}

export interface FuelEvent {
  ts: number;
  litres: number;
}

export interface FuelFromLevels {
  usedL: number;
  refuels: FuelEvent[];
  drops: FuelEvent[];
}

export const EVENT_SHARE = 0.05;
export const EVENT_WINDOW_MS = 30 * 60_000;
const MOVING_KMH = 5;

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

export function fuelFromLevels(samples: readonly LevelSample[], tankL: number): FuelFromLevels {
  const out: FuelFromLevels = { usedL: 0, refuels: [], drops: [] };
  const valid = samples.filter((s) => Number.isFinite(s.pct) && s.pct >= 0 && s.pct <= 100);
  if (valid.length < 2 || !(tankL > 0)) return out;
  const litres = valid.map((s, i) =>
    i === 0 || i === valid.length - 1
      ? (s.pct * tankL) / 100
      : (median3(valid[i - 1]!.pct, s.pct, valid[i + 1]!.pct) * tankL) / 100,
  );
  const threshold = EVENT_SHARE * tankL;
  // Runs of falls or rises: a run that changes the level by the threshold within the window is an event.
  let runStart = 0;
  const closeRun = (end: number) => {
    const delta = litres[end]! - litres[runStart]!;
    const span = valid[end]!.ts - valid[runStart]!.ts;
    const parked = valid.slice(runStart + 1, end + 1).every((s) => s.spd < MOVING_KMH);
    if (delta >= threshold && span <= EVENT_WINDOW_MS)
      out.refuels.push({ ts: valid[end]!.ts, litres: delta });
    else if (-delta >= threshold && span <= EVENT_WINDOW_MS && parked)
      out.drops.push({ ts: valid[end]!.ts, litres: -delta });
    else if (delta < 0) out.usedL += -delta;
  };
  // A run ends where the level turns, and where the vehicle starts or stops moving (a tank emptied while parked
  // right after a drive is not part of the drive's burn).
  const moving = (i: number) => valid[i]!.spd >= MOVING_KMH;
  let runDirection = 0;
  for (let i = 1; i < litres.length; i++) {
    const d = Math.sign(litres[i]! - litres[i - 1]!);
    if (moving(i) !== moving(i - 1) && i - 1 > runStart) {
      closeRun(i - 1);
      runStart = i - 1;
      runDirection = 0;
    }
    if (d === 0) continue;
    if (runDirection !== 0 && d !== runDirection) {
      closeRun(i - 1);
      runStart = i - 1;
    }
    runDirection = d;
  }
  closeRun(litres.length - 1);
  out.usedL = Math.round(out.usedL * 10) / 10;
  for (const e of [...out.refuels, ...out.drops]) e.litres = Math.round(e.litres * 10) / 10;
  return out;
}
