import { distanceM } from "@vigia/domain";

/** A fix implying more than this speed from the last accepted fix is a GPS jump, not travel. */
export const JUMP_KMH = 250;
/** Beyond this gap the item may really have travelled far (a device that was off); no jump is inferred. */
export const JUMP_WINDOW_MS = 10 * 60_000;
/** Shorter steps are never jumps: fast fixes a second apart at motorway speed must pass. */
export const JUMP_MIN_M = 500;

export interface Fix {
  ts: number;
  lat: number;
  lng: number;
}

/**
 * The one jump rule, shared by live state and stored routes so the map and the route of the day agree:
 * `next` is a jump when it lies more than 500 m from the last accepted fix at an implied speed above
 * 250 km/h within ten minutes. Also returns the step in metres (the engine's odometer needs it).
 */
export function gpsStep(last: Fix | null, next: Fix): { jump: boolean; stepM: number } {
  if (!last) return { jump: false, stepM: 0 };
  const stepM = distanceM(last, next);
  const dtMs = next.ts - last.ts;
  const jump = dtMs < JUMP_WINDOW_MS && stepM > JUMP_MIN_M && (stepM / Math.max(dtMs, 1)) * 3600 > JUMP_KMH;
  return { jump, stepM };
}

export interface RouteFix extends Fix {
  /** 1 GPS; cell and Wi-Fi positions are not checked for jumps (they are coarse by nature). */
  src: number;
}

/**
 * A stateful filter over a time-ordered route, fed point by point (so a route read in chunks is filtered
 * exactly as if read whole): drops GPS fixes that jump from the last accepted GPS fix, as live state does.
 */
export function jumpFilter(): (p: RouteFix) => boolean {
  let last: Fix | null = null;
  return (p) => {
    if (p.src !== 1) return true;
    if (gpsStep(last, p).jump) return false;
    last = { ts: p.ts, lat: p.lat, lng: p.lng };
    return true;
  };
}

/** The points of a time-ordered route without its GPS jumps. */
export function withoutJumps<P extends RouteFix>(points: readonly P[]): P[] {
  const keep = jumpFilter();
  return points.filter((p) => keep(p));
}
