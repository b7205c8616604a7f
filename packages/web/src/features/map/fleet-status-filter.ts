import { countFleetStatus, type FleetStatus, type LiveItemState } from "@vigia/domain";
import { type LiveKey, motionClass } from "../../platform/live/store.ts";

/**
 * The fleet status of each listed item, counted, and the rows the chosen status keeps (all when none is
 * chosen). Pure apart from reading the states through `stateOf`.
 */
export function statusCounts<T extends { key: LiveKey }>(
  rows: readonly T[],
  stateOf: (key: LiveKey) => LiveItemState | undefined,
  chosen: FleetStatus | null,
): { counts: Record<FleetStatus, number>; rows: T[] } {
  const statuses = rows.map((row) => motionClass(stateOf(row.key)));
  const kept = chosen === null ? [...rows] : rows.filter((_, i) => statuses[i] === chosen);
  return { counts: countFleetStatus(statuses), rows: kept };
}
