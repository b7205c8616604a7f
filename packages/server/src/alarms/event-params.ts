/** The notice text of an event family's params: the speed over its limit, the battery level, the service km. */
export function describeEventParams(p: Record<string, number>): string | null {
  if (p.speed !== undefined && p.limit !== undefined) return `${p.speed} km/h > ${p.limit} km/h`;
  if (p.speed !== undefined) return `${p.speed} km/h`;
  if (p.level !== undefined) return `${p.level} %`;
  if (p.km !== undefined) return `${p.km} km`;
  if (p.waypoint !== undefined) {
    // Itinerary deviations: the waypoint's number, how far off the planned time and how long the stay, in minutes.
    const parts = [`#${p.waypoint}`];
    if (p.delta !== undefined) parts.push(`${p.delta > 0 ? "+" : ""}${p.delta} min`);
    if (p.stay !== undefined) parts.push(`${p.stay} min`);
    return parts.join(" · ");
  }
  return null;
}
