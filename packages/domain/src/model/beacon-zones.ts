/**
 * Beacon zones: a named, coloured set of the company's beacons. An item is inside a zone while its
 * latest BLE position (source 5) was computed with one of the zone's beacons as the strongest sighting.
 */
import { z } from "zod";
import { INDOOR_NAME_MAX } from "./indoor.ts";
import { DEFAULT_PLACE_COLOR, placeColorSchema } from "./places.ts";

export const BEACON_ZONE_BEACONS_MAX = 500;

export const beaconZoneInputSchema = z.object({
  name: z.string().trim().min(1, "required").max(INDOOR_NAME_MAX, "tooLong"),
  color: placeColorSchema.default(DEFAULT_PLACE_COLOR),
  beaconIds: z
    .array(z.number().int().positive())
    .min(1, "beaconZone.noBeacons")
    .max(BEACON_ZONE_BEACONS_MAX, "tooLong"),
});
export type BeaconZoneInput = z.input<typeof beaconZoneInputSchema>;

export const beaconZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  beaconIds: z.array(z.number().int()),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type BeaconZone = z.infer<typeof beaconZoneSchema>;

/** Zone id → the beacon identifiers (upper case) that make the zone. */
export type BeaconZoneIndex = ReadonlyMap<number, ReadonlySet<string>>;

/**
 * The beacon that places the item, as a one-element list (none when the frame heard none): the strongest beacon
 * of the position's BLE fix (`beacons`, strongest first), else the strongest of all the frame heard (`bleSeen`,
 * strongest first, set by the processor). An item is in a zone while that beacon is one of the zone's, as the
 * /beaconzones hint says; so it is in one place at a time, not in every zone whose beacon it faintly hears.
 * Alarms (families 33/34) and derived visits (the beacon-zone report) both place items with it.
 */
export function heardBeacons(attributes: Readonly<Record<string, unknown>>): string[] {
  const raw = typeof attributes.beacons === "string" ? attributes.beacons : attributes.bleSeen;
  if (typeof raw !== "string") return [];
  const strongest = raw.split(/\s+/).find((id) => id.length > 0);
  return strongest === undefined ? [] : [strongest.toUpperCase()];
}

/** The zones whose beacons include one of the heard ones. */
export function zonesHeard(heard: readonly string[], zones: BeaconZoneIndex): Set<number> {
  const out = new Set<number>();
  if (heard.length === 0) return out;
  for (const [id, beacons] of zones) if (heard.some((b) => beacons.has(b))) out.add(id);
  return out;
}
