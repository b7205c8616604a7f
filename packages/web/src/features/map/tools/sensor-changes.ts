import type { SensorValue } from "@vigia/domain";

/** When each sensor last took its current value (ms), or null when it has not changed since first seen. */
export type SensorSince = ReadonlyMap<string, { value: SensorValue; since: number | null }>;

/**
 * The next record of last changes given the sensors of a new position at `ts`: a sensor whose value differs from the
 * recorded one changed at `ts`; a new one is unknown (null); one gone is dropped. Pure.
 */
export function nextSensorSince(
  prev: SensorSince,
  sensors: Readonly<Record<string, SensorValue>>,
  ts: number,
): SensorSince {
  const next = new Map<string, { value: SensorValue; since: number | null }>();
  for (const [key, value] of Object.entries(sensors)) {
    const before = prev.get(key);
    if (!before) next.set(key, { value, since: null });
    else if (before.value === value) next.set(key, before);
    else next.set(key, { value, since: ts });
  }
  return next;
}
