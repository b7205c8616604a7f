import { ITEM_PREFIX, ITEM_TYPE, type LiveItemState, type ServerMessage } from "@vigia/domain";
import type { Effect } from "./state-engine.ts";

/** Every position's message type, spelled once rather than joined again for each position. */
const POS_TYPE = { 1: "vPos", 2: "aPos", 3: "pPos" } as const satisfies Record<
  1 | 2 | 3,
  `${"v" | "a" | "p"}Pos`
>;

/**
 * The live message one state-engine effect becomes for the map, or null when the channel does not carry it
 * (driver cards are resolved to a driver first; odometer, hours and fault codes exist for vehicles only).
 * Pure.
 */
export function messageForEffect(
  effect: Effect,
  state: LiveItemState,
  itemType: 1 | 2 | 3,
): { message: ServerMessage; detailOnly?: boolean } | null {
  const prefix = ITEM_PREFIX[itemType];
  const id = state.id;
  switch (effect.kind) {
    case "pos":
      if (!state.pos) return null;
      return {
        message: {
          type: POS_TYPE[itemType],
          data: { id, pos: state.pos, motion: state.motion, ignition: state.ignition, since: state.since },
        },
      };
    case "sensors":
      return {
        message: { type: `${prefix}Sensor` as "vSensor", data: { id, sensors: effect.sensors } },
        detailOnly: true,
      };
    case "event":
      return { message: { type: `${prefix}Event` as "vEvent", data: { id, event: effect.event } } };
    case "odometer":
      return itemType === ITEM_TYPE.vehicle
        ? { message: { type: "vOdo", data: { id, odometer: effect.odometer } } }
        : null;
    case "hours":
      return itemType === ITEM_TYPE.vehicle
        ? { message: { type: "vHour", data: { id, hours: effect.hours } } }
        : null;
    case "dtcs":
      return itemType === ITEM_TYPE.vehicle
        ? { message: { type: "vDtc", data: { id, dtcs: effect.dtcs } } }
        : null;
    case "driverCard":
    case "driverBeacons":
      return null;
  }
}
