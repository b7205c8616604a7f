import type { LiveItemState } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { Effect } from "../live/index.ts";
import type { CompanyZones } from "../places/index.ts";
import type { DerivePoint } from "./segments.ts";

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
  zones: CompanyZones | null,
): DerivePoint {
  let event: string | null = null;
  let eventValue: number | null = null;
  for (const e of effects)
    if (e.kind === "event") {
      event = e.event.kind;
      eventValue = e.event.value ?? null;
      break;
    }
  const places: { kind: 1 | 2; id: number }[] = [];
  if (zones) {
    const at = { lat: position.lat, lng: position.lng };
    for (const id of zones.geozones.containing(at)) places.push({ kind: 1, id });
    for (const id of zones.pois.containing(at)) places.push({ kind: 2, id });
  }
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
  };
}
