import type { SensorValue } from "@vigia/domain";

/**
 * Beacon zones for the alarm engine (issue 17, families 33 and 34): a zone is a set of beacons, and an item is
 * inside it while the strongest beacon of its last frame is one of them. Pure: the engine keeps who is inside what
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
 * The beacon that places the item, as a one-element list (none when the frame heard none): the strongest beacon
 * of the position's BLE fix (`beacons`, strongest first), else the strongest of all the frame heard (`bleSeen`,
 * strongest first, set by the processor). An item is in a zone while that beacon is one of the zone's, as the
 * /beaconzones hint says; so it is in one place at a time, not in every zone whose beacon it faintly hears.
 */
export function heardBeacons(attributes: Readonly<Record<string, SensorValue>>): string[] {
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
