import { type BeaconSighting, blePosition } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { BeaconCache } from "./beacon-cache.ts";

/**
 * Beacon sightings of one frame as a position of source 5 (BLE), with its accuracy, indoor map and level in the
 * attributes, the way cell and Wi-Fi positions carry theirs (ingest/locate.ts): `valid` stays false, so a BLE fix
 * is never taken for GPS. A frame with a valid GPS fix keeps it. Null: nothing to add (no known beacon heard).
 */
export async function locateBeacons(
  cache: BeaconCache,
  companyId: number | null,
  sightings: readonly BeaconSighting[],
  positions: readonly DecodedPosition[],
  ts: number,
): Promise<DecodedPosition | null> {
  if (companyId === null || sightings.length === 0) return null;
  if (positions.some((p) => p.valid && p.src === 1)) return null;
  const fix = blePosition(sightings, await cache.get(companyId));
  if (fix === null) return null;
  const last = positions.at(-1);
  return {
    ts: last?.ts ?? ts,
    lat: fix.lat,
    lng: fix.lng,
    alt: 0,
    spd: 0,
    course: 0,
    satt: 0,
    valid: false,
    src: 5,
    attributes: {
      ...last?.attributes,
      accuracy: fix.accuracy,
      level: fix.level,
      ...(fix.indoorMapId === null ? {} : { indoorMap: fix.indoorMapId }),
      beacons: fix.used.join(" "),
    },
  };
}
