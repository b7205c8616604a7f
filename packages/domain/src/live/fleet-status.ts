/**
 * The fleet status of an item, derived from its live state in one place so that the list's counts and
 * filters, the list rows, the detail panel and the map badges cannot disagree. Pure.
 */
import type { LiveItemState } from "./state.ts";

export const FLEET_STATUSES = ["moving", "idle", "stopped", "offline", "noData"] as const;
export type FleetStatus = (typeof FLEET_STATUSES)[number];

/**
 * noData: nothing heard yet; offline: the server's live state says the device fell silent (`offline`, set by its
 * staleness check with the company's timeout, so every screen agrees with it); otherwise the motion.
 */
export function fleetStatus(
  state: Pick<LiveItemState, "pos" | "motion" | "offline"> | undefined,
): FleetStatus {
  if (!state?.pos) return "noData";
  if (state.offline) return "offline";
  return state.motion;
}

/** How many items are in each status. */
export function countFleetStatus(statuses: Iterable<FleetStatus>): Record<FleetStatus, number> {
  const counts: Record<FleetStatus, number> = { moving: 0, idle: 0, stopped: 0, offline: 0, noData: 0 };
  for (const status of statuses) counts[status]++;
  return counts;
}

/**
 * The speed to show for an item: the fix's speed while moving, 0 otherwise, so that a list row, the panel
 * and the badge never say "stopped" beside "37 km/h" (GPS drift while parked is not speed).
 */
export function shownSpeedKmh(state: Pick<LiveItemState, "pos" | "motion"> | undefined): number | null {
  if (!state?.pos) return null;
  return state.motion === "moving" ? Math.trunc(state.pos.spd) : 0;
}
