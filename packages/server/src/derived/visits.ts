import { type DerivedVisit, PLACE_KINDS, type PlaceKindCode, placeKindOf } from "@vigia/domain";

/**
 * Place visits of the derivation (segments.ts): geozones and POIs from GPS fixes, beacon zones from the
 * beacons each frame heard, stored alike so the entries-and-exits reports read them the same way.
 */

export interface OpenVisit {
  kind: PlaceKindCode;
  startTs: number;
  distanceM: number;
  maxSpd: number;
  driverId: number | null;
}

interface ItemKey {
  itemType: 1 | 2 | 3;
  itemId: number;
}

interface VisitPoint {
  ts: number;
  spd: number;
  driverId: number | null;
  places: readonly { kind: PlaceKindCode; id: number }[];
}

export const GEO_VISIT_KINDS: ReadonlySet<PlaceKindCode> = new Set([PLACE_KINDS.geozone, PLACE_KINDS.poi]);
export const ALL_VISIT_KINDS: ReadonlySet<PlaceKindCode> = new Set([
  ...GEO_VISIT_KINDS,
  PLACE_KINDS.beaconZone,
]);
const BEACON_KINDS: ReadonlySet<PlaceKindCode> = new Set([PLACE_KINDS.beaconZone]);

/** A visit's key in the state: beacon zones apart, since their ids may equal a geozone's. */
const visitKey = (kind: PlaceKindCode, id: number) =>
  kind === PLACE_KINDS.beaconZone ? `b${id}` : String(id);

/**
 * Visits: opens one per place the point is in, extends the open ones, and closes those of `kinds` the point is
 * no longer in (from the first point inside to the first point outside). Kinds the point does not speak for stay
 * as they are.
 */
export function updateVisits(
  cfg: ItemKey,
  s: { visits: Record<string, OpenVisit> },
  p: VisitPoint,
  stepM: number,
  kinds: ReadonlySet<PlaceKindCode>,
  out: { visits: DerivedVisit[] },
): void {
  const inside = new Set<string>();
  for (const place of p.places) {
    const key = visitKey(place.kind, place.id);
    inside.add(key);
    const open = s.visits[key];
    if (open) {
      open.distanceM += stepM;
      open.maxSpd = Math.max(open.maxSpd, p.spd);
    } else
      s.visits[key] = { kind: place.kind, startTs: p.ts, distanceM: 0, maxSpd: p.spd, driverId: p.driverId };
  }
  for (const [key, v] of Object.entries(s.visits)) {
    if (inside.has(key) || !kinds.has(v.kind)) continue;
    delete s.visits[key];
    out.visits.push({
      itemType: cfg.itemType,
      itemId: cfg.itemId,
      placeKind: placeKindOf(v.kind),
      placeId: Number(key.replace(/^b/, "")),
      startTs: v.startTs,
      endTs: p.ts,
      distanceM: Math.round(v.distanceM),
      maxSpd: v.maxSpd,
      driverId: v.driverId,
    });
  }
}

/**
 * A frame that is no GPS fix (a BLE, cell or Wi-Fi position) moves no trip, but places the item in beacon zones:
 * only its beacon-zone visits are derived, with no distance (the fix is not one to measure).
 */
export function deriveBeaconVisits(
  cfg: ItemKey,
  s: { visits: Record<string, OpenVisit> },
  frame: { ts: number; spd: number; driverId: number | null; beaconZones: readonly number[] },
  out: { visits: DerivedVisit[] },
): void {
  const places = frame.beaconZones.map((id) => ({ kind: PLACE_KINDS.beaconZone, id }));
  updateVisits(cfg, s, { ...frame, places }, 0, BEACON_KINDS, out);
}
