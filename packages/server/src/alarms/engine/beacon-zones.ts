import type { SensorValue } from "@vigia/domain";

/**
 * Beacon zones for the alarm engine (issue 17, families 33 and 34): a zone is a set of beacons, and an item is
 * inside it while the frame it reported heard at least one of them. Pure: the engine keeps who is inside what
 * and asks this module what a new frame changes.
 */

/** Zone id → the beacon identifiers (upper case) that make the zone. */
export type BeaconZoneIndex = ReadonlyMap<number, ReadonlySet<string>>;

export interface BeaconZoneDelta {
  inside: Set<number>;
  entered: number[];
  exited: number[];
}

/**
 * The beacons a position says the device heard: `bleSeen` (every sighting of the frame, set by the processor),
 * or else `beacons` (the ones a BLE fix used). A frame that reports none heard none: the item is in no zone.
 */
export function heardBeacons(attributes: Readonly<Record<string, SensorValue>>): string[] {
  const raw = typeof attributes.bleSeen === "string" ? attributes.bleSeen : attributes.beacons;
  if (typeof raw !== "string") return [];
  return raw
    .split(/\s+/)
    .filter((id) => id.length > 0)
    .map((id) => id.toUpperCase());
}

/** The zones whose beacons include one of the heard ones. */
export function zonesHeard(heard: readonly string[], zones: BeaconZoneIndex): Set<number> {
  const out = new Set<number>();
  if (heard.length === 0) return out;
  for (const [id, beacons] of zones) if (heard.some((b) => beacons.has(b))) out.add(id);
  return out;
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
