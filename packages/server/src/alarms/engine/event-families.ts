import { distanceM, EDGE, EVENT_FAMILY, type LiveItemState, type SensorValue } from "@vigia/domain";

/**
 * The event alarm families as data: one pure function per family code that says, for one applied
 * position, which alarms it raises. They fire from what the device reported (the normalized `event` attribute
 * of the protocols README) or from an edge of the item's state between the position before and this one, so a
 * state that holds fires once, not on every report. The engine plugs them in by family code. Speeding and the
 * beacon zones hold for a while: they are episode families (`episode-families.ts`).
 */

export interface EventView {
  before: LiveItemState;
  after: LiveItemState;
  /** The position's normalized attributes (`event`, `door`, `immobilized`, `batteryLevel` …). */
  attributes: Readonly<Record<string, SensorValue>>;
  spd: number;
  /** The lowest speed limit (km/h) of the geozones the item is inside, or null. */
  zoneLimit: number | null;
  /** The virtual lock armed on the item, if any. */
  lock?: VirtualLock | null;
}

/** A lock armed on a parked item: where it stood and how far it may move. */
export interface VirtualLock {
  lat: number;
  lng: number;
  radiusM: number;
}

export interface EventHit {
  event: string;
  params: Record<string, number>;
}

/** `value` is the rule's `info.value` (see alarm-event-families.ts in the domain for its meaning per family). */
export type EventFamily = (value: number, view: EventView) => EventHit[];

const deviceEvent = (view: EventView): string | null => {
  const e = view.attributes.event;
  return typeof e === "string" ? e : null;
};

/** Fires when the device reported one of the events. */
const onDeviceEvents =
  (...events: string[]): EventFamily =>
  (_value, view) => {
    const e = deviceEvent(view);
    return e !== null && events.includes(e) ? [{ event: e, params: {} }] : [];
  };

const bool = (v: SensorValue | undefined): boolean | null => (typeof v === "boolean" ? v : null);

/**
 * An edge of a boolean state between the position before and this one; unknown before means no edge (the first
 * report of an item says how it is, not that it changed). `mask`: 1 the rising edge fires, 2 the falling one.
 */
function edge(
  before: boolean | null,
  now: boolean | null,
  mask: number,
  names: [string, string],
): EventHit[] {
  if (before === null || now === null || before === now) return [];
  if (now && mask & EDGE.rising) return [{ event: names[0], params: {} }];
  if (!now && mask & EDGE.falling) return [{ event: names[1], params: {} }];
  return [];
}

const round = (n: number) => Math.round(n * 10) / 10;

const lowBattery: EventFamily = (value, view) => {
  if (deviceEvent(view) === "lowBattery") return [{ event: "lowBattery", params: {} }];
  const level = view.attributes.batteryLevel;
  const before = view.before.sensors.batteryLevel;
  if (typeof level === "number" && typeof before === "number" && level < value && before >= value)
    return [{ event: "lowBattery", params: { level: round(level) } }];
  return [];
};

const tow: EventFamily = (value, view) => {
  if (deviceEvent(view) === "tow") return [{ event: "tow", params: {} }];
  // Moving with the ignition off: towed, or driven with the tracker's ignition wire bypassed.
  const parked = view.after.ignition === false && view.before.ignition === false;
  const beforeSpd = view.before.pos?.spd ?? 0;
  if (parked && view.spd >= value && beforeSpd < value)
    return [{ event: "tow", params: { speed: round(view.spd) } }];
  return [];
};

const door: EventFamily = (value, view) => {
  const e = deviceEvent(view);
  if (e === "doorOpen" || e === "doorClose")
    return (e === "doorOpen" ? value & EDGE.rising : value & EDGE.falling) ? [{ event: e, params: {} }] : [];
  return edge(bool(view.before.sensors.door), bool(view.attributes.door), value, ["doorOpen", "doorClose"]);
};

const maintenance: EventFamily = (value, view) => {
  const dueM = value * 1000;
  return view.after.odometer >= dueM && view.before.odometer < dueM && view.before.odometer > 0
    ? [{ event: "maintenanceDue", params: { km: value } }]
    : [];
};

/**
 * While a lock is armed: the position leaving the lock's circle, or the ignition turning on, fires once (the
 * edge, not every report outside).
 */
const virtualLock: EventFamily = (_value, view) => {
  const lock = view.lock;
  if (!lock) return [];
  if (view.before.ignition === false && view.after.ignition === true)
    return [{ event: "virtualLockIgnition", params: {} }];
  const now = view.after.pos;
  if (!now) return [];
  const away = distanceM(lock, now);
  const was = view.before.pos ? distanceM(lock, view.before.pos) : 0;
  if (away > lock.radiusM && was <= lock.radiusM)
    return [{ event: "virtualLockMoved", params: { distance: Math.round(away), radius: lock.radiusM } }];
  return [];
};

export const EVENT_FAMILIES: ReadonlyMap<number, EventFamily> = new Map<number, EventFamily>([
  [
    EVENT_FAMILY.ignition,
    (value, view) => edge(view.before.ignition, view.after.ignition, value, ["ignitionOn", "ignitionOff"]),
  ],
  [EVENT_FAMILY.sos, onDeviceEvents("sos")],
  [EVENT_FAMILY.powerCut, onDeviceEvents("powerCut")],
  [EVENT_FAMILY.lowBattery, lowBattery],
  [EVENT_FAMILY.door, door],
  [EVENT_FAMILY.tow, tow],
  [EVENT_FAMILY.crash, onDeviceEvents("crash")],
  [EVENT_FAMILY.harshDriving, onDeviceEvents("harshAcceleration", "harshBraking", "sharpTurn")],
  [EVENT_FAMILY.tamper, onDeviceEvents("vibration", "tamper", "jamming")],
  [
    EVENT_FAMILY.immobiliser,
    (value, view) =>
      edge(bool(view.before.sensors.immobilized), bool(view.attributes.immobilized), value, [
        "engineLocked",
        "engineUnlocked",
      ]),
  ],
  [EVENT_FAMILY.maintenance, maintenance],
  [EVENT_FAMILY.virtualLock, virtualLock],
]);
