import {
  type DrivingEvent,
  emptyLiveItemState,
  ITEM_TYPE,
  type LiveItemState,
  type LivePosition,
  type Motion,
  type SensorValue,
} from "@vigia/domain";
import { saneCoordinates } from "./geo.ts";
import { gpsStep } from "./gps-jump.ts";

/**
 * Live state of one item, advanced one position at a time. Pure: no I/O and no clock; everything it
 * needs arrives with the position, everything it decides leaves as effects for the caller to apply.
 */
export interface EngineItem {
  state: LiveItemState;
  /** Metres travelled according to accepted GPS fixes (the "calculated" odometer, without initial mileage). */
  travelledM: number;
  lastFix: { ts: number; lat: number; lng: number; spd: number } | null;
  /** Time of the last position processed, for hour-meter accumulation. */
  lastTs: number | null;
}

export interface PositionInput extends LivePosition {
  attributes: Record<string, SensorValue>;
}

export interface ItemConfig {
  /** 0 nothing, 1 GPS (device), 2 CAN, 3 calculated. */
  odometerSource: number;
  initialMileageKm: number;
}

export type Effect =
  | { kind: "pos" }
  | { kind: "sensors"; sensors: Record<string, SensorValue> }
  | { kind: "event"; event: DrivingEvent }
  | { kind: "odometer"; odometer: number }
  | { kind: "hours"; hours: number }
  | { kind: "driverCard"; card: string }
  /** The beacons a frame heard changed: one of them may be a driver's. */
  | { kind: "driverBeacons"; ids: string[] }
  | { kind: "dtcs"; dtcs: string[] };

export const MOVING_KMH = 5;
const WALKING_KMH = 2;
/** Below this speed, small displacements are GPS jitter and add no distance. */
const JITTER_M = 30;
const HOURS_MAX_GAP_MS = 10 * 60_000;
const HARSH_BRAKE_KMH_PER_S = -14;
const HARSH_ACCEL_KMH_PER_S = 12;
const HARSH_WINDOW_S = 5;

const DEVICE_EVENTS = new Set([
  "harshBraking",
  "harshAcceleration",
  "sharpTurn",
  "overspeed",
  "sos",
  "powerCut",
  "lowBattery",
]);
/** Attributes that describe the fix or are handled specially, so they are not shown as sensors. */
const NOT_SENSORS = new Set(["event", "priority", "eventIo", "archive", "accuracy"]);

export function newEngineItem(base: Pick<LiveItemState, "itemType" | "id" | "groupId">): EngineItem {
  return {
    state: emptyLiveItemState(base.itemType, base.id, base.groupId),
    travelledM: 0,
    lastFix: null,
    lastTs: null,
  };
}

/** Travelling, by the one rule live state and stored routes share: fast enough, and not with ignition off. */
export function isMoving(itemType: number, spd: number, ignition: boolean | null): boolean {
  return spd >= (itemType === ITEM_TYPE.vehicle ? MOVING_KMH : WALKING_KMH) && ignition !== false;
}

function motionOf(itemType: number, spd: number, ignition: boolean | null): Motion {
  if (isMoving(itemType, spd, ignition)) return "moving";
  return ignition === true ? "idle" : "stopped";
}

/**
 * Motion when the position is not an accepted GPS fix (no fix, cell position, a jump): the device's own
 * movement sensor (Teltonika IO 240, OsmAnd is_moving) decides when it has one, otherwise the last motion
 * holds. Forcing "stopped" here badged a vehicle whose first record lacked a fix as stopped at 37 km/h.
 */
export function motionWithoutFix(
  prev: Motion,
  ignition: boolean | null,
  deviceMoving: boolean | null,
): Motion {
  if (ignition === false) return "stopped";
  const moving = deviceMoving ?? prev === "moving";
  if (moving) return "moving";
  return ignition === true ? "idle" : "stopped";
}

/**
 * The odometer (metres) from the vehicle's source. A device that sends its counter only in some records
 * (Teltonika sends IO 16 on change) keeps its last value in between instead of falling back to the
 * calculated distance, which made the odometer jump back and forth.
 */
export function odometerFrom(
  cfg: ItemConfig,
  attrs: Record<string, SensorValue>,
  travelledM: number,
  prev: Pick<LiveItemState, "odometer" | "sensors">,
): number {
  if (cfg.odometerSource === 2) {
    const can = counterIn(attrs, "canOdometer") ?? counterIn(attrs, "odometer");
    if (can !== null) return can;
    const held = deviceCounter(attrs, prev, "canOdometer") ?? deviceCounter(attrs, prev, "odometer");
    if (held !== null) return held;
  }
  if (cfg.odometerSource === 1) {
    const gps = deviceCounter(attrs, prev, "odometer");
    if (gps !== null) return gps;
  }
  return cfg.initialMileageKm * 1000 + travelledM;
}

/** A counter the record holds under `key`: a finite, non-negative number. */
function counterIn(record: Record<string, SensorValue>, key: string): number | null {
  const value = record[key];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The device's counter: this position's, else the odometer last shown while the item's sensors still hold one. */
function deviceCounter(
  attrs: Record<string, SensorValue>,
  prev: Pick<LiveItemState, "odometer" | "sensors">,
  key: string,
): number | null {
  return counterIn(attrs, key) ?? (counterIn(prev.sensors, key) !== null ? prev.odometer : null);
}

/** Odometer messages go out per started 100 m, hour messages per started minute. */
const ODOMETER_STEP_M = 100;
const HOURS_STEP_S = 60;

/**
 * Whether a counter crossed a step since the last message. Comparing with the previous position's value
 * (as before) never fired while each position added less than one step: the panel's odometer stood still.
 */
export function crossedStep(before: number, after: number, step: number): boolean {
  return Math.floor(before / step) !== Math.floor(after / step);
}

/**
 * Applies one position. Positions older than the current one are history only: they are stored by the
 * caller but never move live state backwards (a device emptying its buffer after being offline).
 */
export function applyPosition(
  item: EngineItem,
  p: PositionInput,
  cfg: ItemConfig,
): { item: EngineItem; effects: Effect[] } {
  const prev = item.state;
  if (prev.pos && p.ts <= prev.pos.ts) return { item, effects: [] };
  const effects: Effect[] = [];
  const attrs = p.attributes;
  const ignition = typeof attrs.ignition === "boolean" ? attrs.ignition : prev.ignition;

  // Which fixes count: real GPS fixes that do not jump implausibly far from the last accepted one.
  const gpsFix = p.valid && p.src === 1 && saneCoordinates(p);
  const { jump, stepM } = gpsFix ? gpsStep(item.lastFix, p) : { jump: false, stepM: 0 };
  const displayable = saneCoordinates(p) && !jump && (gpsFix || p.src !== 1 || prev.pos === null);
  const travelledM =
    gpsFix && !jump && (p.spd >= 3 || stepM > JITTER_M) ? item.travelledM + stepM : item.travelledM;
  const lastFix = gpsFix && !jump ? { ts: p.ts, lat: p.lat, lng: p.lng, spd: p.spd } : item.lastFix;

  const deviceMoving = typeof attrs.motion === "boolean" ? attrs.motion : null;
  const motion =
    gpsFix && !jump
      ? motionOf(prev.itemType, p.spd, ignition)
      : motionWithoutFix(prev.pos === null ? "stopped" : prev.motion, ignition, deviceMoving);
  const wasMoving = prev.motion === "moving";
  const since = prev.since === null || wasMoving !== (motion === "moving") ? p.ts : prev.since;

  // Most reports repeat the sensors the item already shows: the state keeps the same object until one differs.
  let sensors: Record<string, SensorValue> = prev.sensors;
  let sensorsChanged = false;
  for (const key in attrs) {
    if (!Object.hasOwn(attrs, key)) continue;
    const value = attrs[key] as SensorValue;
    if (NOT_SENSORS.has(key) || sensors[key] === value) continue;
    if (!sensorsChanged) sensors = { ...prev.sensors };
    sensors[key] = value;
    sensorsChanged = true;
  }

  const odometer = odometerFrom(cfg, attrs, travelledM, prev);
  let hours = prev.hours;
  if (typeof attrs.hours === "number") hours = attrs.hours;
  else if (
    prev.ignition === true &&
    ignition === true &&
    item.lastTs !== null &&
    p.ts - item.lastTs <= HOURS_MAX_GAP_MS
  ) {
    hours += (p.ts - item.lastTs) / 1000;
  }

  const { attributes: _attributes, ...fix } = p;
  // Cell, Wi-Fi and beacon positions carry how far off they may be; the map draws that circle.
  const acc = p.src !== 1 && typeof attrs.accuracy === "number" && attrs.accuracy > 0 ? attrs.accuracy : null;
  // Field by field rather than `{ ...prev, … }`: spreading the state and overwriting half its fields was a third
  // of this function's time (it runs twice per position: live state and derived history).
  const state: LiveItemState = {
    itemType: prev.itemType,
    id: prev.id,
    groupId: prev.groupId,
    pos: displayable ? (acc === null ? fix : { ...fix, acc }) : prev.pos,
    motion,
    ignition,
    odometer,
    hours,
    driverId: prev.driverId,
    sensors,
    since,
    intrack: prev.intrack,
    dtcs: prev.dtcs,
    customStateId: prev.customStateId,
    offline: prev.offline,
  };
  effects.push({ kind: "pos" });
  if (sensorsChanged) effects.push({ kind: "sensors", sensors });
  if (crossedStep(prev.odometer, odometer, ODOMETER_STEP_M)) effects.push({ kind: "odometer", odometer });
  if (crossedStep(prev.hours, hours, HOURS_STEP_S)) effects.push({ kind: "hours", hours });

  const deviceEvent = typeof attrs.event === "string" && DEVICE_EVENTS.has(attrs.event) ? attrs.event : null;
  if (deviceEvent) {
    effects.push({
      kind: "event",
      event: { kind: deviceEvent, ts: p.ts, lat: p.lat, lng: p.lng, spd: p.spd },
    });
  } else if (gpsFix && !jump && item.lastFix) {
    const dt = (p.ts - item.lastFix.ts) / 1000;
    const rate = dt > 0 && dt <= HARSH_WINDOW_S ? (p.spd - item.lastFix.spd) / dt : 0;
    const kind =
      rate <= HARSH_BRAKE_KMH_PER_S
        ? "harshBraking"
        : rate >= HARSH_ACCEL_KMH_PER_S
          ? "harshAcceleration"
          : null;
    if (kind)
      effects.push({
        kind: "event",
        event: { kind, ts: p.ts, lat: p.lat, lng: p.lng, spd: p.spd, value: rate },
      });
  }
  if (
    typeof attrs.driverId === "string" &&
    attrs.driverId !== "" &&
    attrs.driverId !== sensorsBefore(prev, "driverId")
  ) {
    effects.push({ kind: "driverCard", card: attrs.driverId });
  }
  if (
    typeof attrs.bleSeen === "string" &&
    attrs.bleSeen !== "" &&
    attrs.bleSeen !== sensorsBefore(prev, "bleSeen")
  ) {
    effects.push({ kind: "driverBeacons", ids: attrs.bleSeen.split(" ") });
  }
  if (typeof attrs.dtcs === "string") {
    const dtcs = attrs.dtcs.split(/[,\s]+/).filter((c) => c.length > 0);
    if (dtcs.join(",") !== prev.dtcs.join(",")) {
      state.dtcs = dtcs;
      effects.push({ kind: "dtcs", dtcs });
    }
  }
  return { item: { state, travelledM, lastFix, lastTs: p.ts }, effects };
}

function sensorsBefore(state: LiveItemState, key: string): SensorValue | undefined {
  return state.sensors[key];
}
