import { emptyLiveItemState, type LiveItemState } from "@vigia/domain";
import type { ItemInput, PositionInput } from "./types.ts";

/** The company of the item the engine's tests drive (tests only). */
export const FIXTURE_COMPANY = 1;

/**
 * The item the engine's tests drive: vehicle 7 of group 3, stopped with its ignition off, nothing else known yet.
 * Each test states what differs rather than the whole live state again.
 */
export function vehicleState(patch: Partial<LiveItemState> = {}): LiveItemState {
  return { ...emptyLiveItemState(1, 7, 3), ignition: false, ...patch };
}

/** The engine's input for a position of the fixture vehicle that turned `before` into `state`. */
export function vehiclePosition(
  before: LiveItemState,
  state: LiveItemState,
  position: PositionInput["position"],
): PositionInput {
  return { companyId: FIXTURE_COMPANY, itemType: 1, itemId: 7, groupId: 3, state, before, position };
}

/** The fixture vehicle as a timer tick visits it. */
export function vehicleTick(state: LiveItemState): ItemInput[] {
  return [{ companyId: FIXTURE_COMPANY, itemType: 1, itemId: 7, groupId: 3, state }];
}
