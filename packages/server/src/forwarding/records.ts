import type { ForwardRecord } from "@vigia/domain";
import type { AppliedPosition } from "../live/index.ts";

/** The record a target receives for one applied position: where it was and the events it raised. */
export function recordOf(applied: AppliedPosition, deviceId: string): ForwardRecord {
  const p = applied.position;
  return {
    companyId: applied.companyId,
    deviceId,
    itemType: applied.itemType,
    itemId: applied.itemId,
    ts: p.ts,
    lat: p.lat,
    lng: p.lng,
    alt: p.alt,
    spd: p.spd,
    course: p.course,
    satt: p.satt,
    valid: p.valid,
    events: applied.effects.flatMap((e) => (e.kind === "event" ? [e.event.kind] : [])),
    attributes: { ...p.attributes },
    ...(applied.late ? { late: true } : {}),
  };
}

/** The OsmAnd/Traccar HTTP query of one record (what the OsmAnd app and Traccar's port 5055 accept). */
export function osmandQuery(r: ForwardRecord): URLSearchParams {
  const q = new URLSearchParams({
    id: r.deviceId,
    lat: r.lat.toFixed(6),
    lon: r.lng.toFixed(6),
    timestamp: String(Math.floor(r.ts / 1000)),
    // OsmAnd speaks knots.
    speed: (r.spd / 1.852).toFixed(1),
    bearing: r.course.toFixed(0),
    altitude: r.alt.toFixed(0),
    valid: String(r.valid),
  });
  if (r.events.length > 0) q.set("alarm", r.events.join(","));
  // Traccar keeps parameters it does not know as attributes of the position.
  if (r.late) q.set("late", "true");
  return q;
}

/** Delay before the next try after `attempts` failures in a row: 5 s doubling, at most 15 min. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/** After this many failed tries of the same batch, its records go to the dead letters. */
export const MAX_ATTEMPTS = 12;
