import {
  closeTrip,
  type DeriveConfig,
  type DeriveOutput,
  type DeriveState,
  haltStart,
  MIN_STOP_MS,
  stopRow,
} from "./segments.ts";

/**
 * The rows a local day that ended with the item parked makes certain, although the item has said nothing since (a
 * vehicle parked at 10:10 and silent): the stop up to the day's end, and the trip before it when the halt had not
 * been confirmed yet. The state is left as it is: when the item moves again its stop closes there and replaces this
 * row (same start), and the trip it closes is the one written here.
 */
export function endedParkedDay(cfg: DeriveConfig, s: DeriveState, now: number, out: DeriveOutput): boolean {
  const { day, stop, last } = s;
  if (!day || !stop || !last || now < day.endTs || day.endTs - stop.startTs < MIN_STOP_MS) return false;
  if (!stop.confirmed && s.trip) closeTrip(cfg, { ...s, trip: { ...s.trip } }, haltStart(last, stop), out);
  out.stops.push(stopRow(cfg, stop, day.endTs));
  return true;
}
