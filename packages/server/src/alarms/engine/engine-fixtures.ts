import type { LiveItemState } from "@vigia/domain";
import type { ItemInput, PositionInput } from "./types.ts";

/**
 * The item the engine's tests drive: vehicle 7 of group 3 in company 1, stopped, with nothing known yet. Tests
 * only; kept here so each test states what differs rather than the whole live state again.
 */
export const FIXTURE_COMPANY = 1;

export function vehicleState(patch: Partial<LiveItemState> = {}): LiveItemState {
  return {
    itemType: 1,
    id: 7,
    groupId: 3,
    pos: null,
    motion: "stopped",
    ignition: false,
    odometer: 0,
    hours: 0,
    driverId: null,
    sensors: {},
    since: null,
    intrack: false,
    dtcs: [],
    customStateId: 0,
    offline: false,
    ...patch,
  };
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
