/**
 * Beacon zones (issue 17): a named, coloured set of the company's beacons. An item is inside a zone while its
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
