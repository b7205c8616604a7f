import { type BeaconZoneIndex, zonesHeard } from "@vigia/domain";

export type { BeaconZoneIndex };

/**
 * Beacon zones for the alarm engine: a zone is a set of beacons, and an item is
 * inside it while the strongest beacon of its last frame is one of them. Pure: the engine keeps who is inside what
 * and asks this module what a new frame changes. Which beacon places the item is the domain's `heardBeacons`.
 */

export interface BeaconZoneDelta {
  inside: Set<number>;
  entered: number[];
  exited: number[];
}

/** What the frame changes: the zones now inside, those entered and those left, in id order. */
export function beaconZoneDelta(
  before: ReadonlySet<number>,
  heard: readonly string[],
  zones: BeaconZoneIndex,
): BeaconZoneDelta {
  const inside = zonesHeard(heard, zones);
  const entered = [...inside].filter((id) => !before.has(id)).sort((a, b) => a - b);
  // A zone deleted since is left silently: nobody can name it in a rule any more.
  const exited = [...before].filter((id) => !inside.has(id) && zones.has(id)).sort((a, b) => a - b);
  return { inside, entered, exited };
}
