import {
  type BeaconZoneIndex,
  heardBeacons,
  type LiveItemState,
  PLACE_KINDS,
  type PlaceKindCode,
  zonesHeard,
} from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { Effect } from "../live/index.ts";
import type { CompanyZones } from "../places/index.ts";
import {
  type DeriveConfig,
  type DeriveOutput,
  type DerivePoint,
  type DeriveState,
  derivePoint,
} from "./segments.ts";
import { deriveBeaconVisits } from "./visits.ts";

/** What a company's frames are placed against: its geozones and POIs, and its beacon zones (null: it has none). */
export interface DeriveZones {
  places: CompanyZones | null;
  beacons: BeaconZoneIndex | null;
}

/** Cumulative fuel counters devices report, in litres, first found wins. */
const FUEL_COUNTERS = ["fuelUsed", "fuelConsumed", "fuelUsedGps"] as const;

function fuelOf(attributes: DecodedPosition["attributes"]): number | null {
  for (const key of FUEL_COUNTERS) {
    const v = attributes[key];
    if (typeof v === "number" && Number.isFinite(v)) return v;
  }
  return null;
}

/** Whether the position is a GPS fix the derivation uses (cell and Wi-Fi positions move no trip). */
export const usableFix = (p: DecodedPosition): boolean =>
  p.valid && p.src === 1 && Number.isFinite(p.lat) && Number.isFinite(p.lng);

/**
 * One position as the derivation sees it: counters, ignition and driver from the item's live state after the
 * position (the same engine for the processor and a rebuild), its driving event from the engine's effects, the
 * places it lies in from the company's zone index.
 */
export function derivePointOf(
  position: DecodedPosition,
  after: LiveItemState,
  effects: readonly Effect[],
  zones: DeriveZones,
): DerivePoint {
  let event: string | null = null;
  let eventValue: number | null = null;
  for (const e of effects)
    if (e.kind === "event") {
      event = e.event.kind;
      eventValue = e.event.value ?? null;
      break;
    }
  const places: { kind: PlaceKindCode; id: number }[] = [];
  if (zones.places) {
    const at = { lat: position.lat, lng: position.lng };
    for (const id of zones.places.geozones.containing(at)) places.push({ kind: PLACE_KINDS.geozone, id });
    for (const id of zones.places.pois.containing(at)) places.push({ kind: PLACE_KINDS.poi, id });
  }
  for (const id of beaconZonesOf(position, zones)) places.push({ kind: PLACE_KINDS.beaconZone, id });
  return {
    ts: position.ts,
    lat: position.lat,
    lng: position.lng,
    spd: position.spd,
    ignition: after.ignition,
    odometer: after.odometer,
    hours: after.hours,
    fuel: fuelOf(position.attributes),
    driverId: after.driverId,
    event,
    eventValue,
    places,
    beaconZonesKnown: zones.beacons !== null,
  };
}

/** The beacon zones the frame places the item in, as the alarm engine places it (families 33/34). */
function beaconZonesOf(position: DecodedPosition, zones: DeriveZones): number[] {
  if (!zones.beacons) return [];
  return [...zonesHeard(heardBeacons(position.attributes), zones.beacons)].sort((a, b) => a - b);
}

/**
 * One committed frame into the item's derivation, for the processor and a rebuild alike: a GPS fix derives
 * everything; any other frame only the beacon-zone visits, when the company has beacon zones. False when the frame
 * derives nothing.
 */
export function deriveFrame(
  cfg: DeriveConfig,
  state: DeriveState,
  frame: { position: DecodedPosition; after: LiveItemState; effects: readonly Effect[] },
  zones: DeriveZones,
  out: DeriveOutput,
): boolean {
  const { position, after } = frame;
  if (usableFix(position)) {
    derivePoint(cfg, state, derivePointOf(position, after, frame.effects, zones), out);
    return true;
  }
  if (!zones.beacons) return false;
  const beaconZones = beaconZonesOf(position, zones);
  deriveBeaconVisits(
    cfg,
    state,
    { ts: position.ts, spd: position.spd, driverId: after.driverId, beaconZones },
    out,
  );
  return true;
}
