import { FUTURE_TOLERANCE_MS, type QuarantineReason } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";

const finite = (n: number): boolean => typeof n === "number" && Number.isFinite(n);

/**
 * Why a decoded position must not be stored, or null when it may: the checks that used to drop rows
 * silently now name their reason, and the row goes to the quarantine. Pure.
 */
export function positionProblem(position: DecodedPosition, now: number): QuarantineReason | null {
  const { ts, lat, lng } = position;
  if (!finite(ts) || ts <= 0) return "badTime";
  if (ts > now + FUTURE_TOLERANCE_MS) return "futureTime";
  if (!finite(lat) || !finite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return "badCoordinates";
  for (const n of [position.alt, position.spd, position.course, position.satt])
    if (!finite(n)) return "badValue";
  return null;
}
