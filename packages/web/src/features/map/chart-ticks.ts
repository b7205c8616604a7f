import { timeTicks } from "./route.ts";

/** An axis: its bounds and round tick values from `min` to `max`. */
export interface NiceScale {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * Round axis ticks (steps of 1, 2 or 5 × 10ⁿ, never below `minStep`) covering [lo, hi] with about
 * `target` ticks. Rounding fixed fractions of a tiny maximum gave the labels 1, 1, 1, 0, 0. Pure.
 */
export function niceScale(lo: number, hi: number, target = 5, minStep = 1): NiceScale {
  const low = Number.isFinite(lo) ? lo : 0;
  const high = Number.isFinite(hi) && hi > low ? hi : low + minStep;
  const raw = (high - low) / Math.max(1, target - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const nice = norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10;
  const step = Math.max(minStep, nice * magnitude);
  const min = Math.floor(low / step) * step;
  const max = Math.max(min + step, Math.ceil(high / step) * step);
  const ticks: number[] = [];
  for (let i = 0; min + i * step <= max + step / 1e6; i++) ticks.push(Number((min + i * step).toFixed(6)));
  return { min, max, ticks };
}

/**
 * The chart's time ticks: round wall-clock steps, and never fewer than two labels: a short track
 * (a few minutes) showed one label only, so its start and end are labelled then. Pure.
 */
export function chartTimeTicks(start: number, end: number, offsetMin: number): number[] {
  const ticks = timeTicks(start, end, offsetMin);
  if (ticks.length >= 2 || end <= start) return ticks;
  return [start, end];
}
