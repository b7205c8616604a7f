/**
 * Speed limits of places: a geozone may carry the road's
 * limit; where several overlap the lowest one holds. The alarm engine and the speeding report both judge a speed
 * by these functions, so an alarm and a report row never disagree on what the limit was.
 */

/** The lowest limit (km/h) among the geozones a point is inside, or null when none of them has one. */
export function lowestZoneLimit(
  inside: Iterable<number>,
  limits: ReadonlyMap<number, number>,
): number | null {
  let lowest: number | null = null;
  for (const id of inside) {
    const limit = limits.get(id);
    if (limit !== undefined && (lowest === null || limit < lowest)) lowest = limit;
  }
  return lowest;
}

/**
 * The limit a speed is judged against when both a fixed limit (a rule's value, a report's `maxSpeed` range) and
 * the zone's may apply: the stricter of the two; either alone when the other is absent (a fixed limit of 0 or
 * less is absent). Null: nothing to judge against.
 */
export function effectiveSpeedLimit(fixed: number, zoneLimit: number | null): number | null {
  if (fixed > 0 && zoneLimit !== null) return Math.min(fixed, zoneLimit);
  if (fixed > 0) return fixed;
  return zoneLimit;
}
