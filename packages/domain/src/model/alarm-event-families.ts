import type { COMPANY_MAIL_FLAGS } from "./admin.ts";

/**
 * Alarm families that fire from what a device reports: each one is backed by a company mail flag, so that a company (and each user) can switch the mails of that kind on and off.
 *
 * Values (`info.value`) per family:
 *  - speeding: the limit in km/h; 0 means "the speed limit of the geozone the item is in";
 *  - ignition, door, immobiliser: which edges fire, a bit mask: 1 on/open/locked, 2 off/closed/unlocked;
 *  - lowBattery: the battery level in percent under which it fires (the device's own low-battery alarm always fires);
 *  - tow: the speed in km/h above which a parked item (ignition off) counts as moving;
 *  - maintenance: the odometer reading in km at which it fires;
 *  - sos, powerCut, crash, harshDriving, tamper: no value;
 *  - virtualLock: no value (the distance is the lock's own, set when a user arms it on the map);
 *  - beaconZoneEntry, beaconZoneExit: the beacon zone's id, 0 for any beacon zone of the company.
 *  - itinerary: no value (the tolerances are each waypoint's own: arrival range, minimum and maximum stay).
 */
export const EVENT_FAMILY = {
  speeding: 20,
  ignition: 21,
  sos: 22,
  powerCut: 23,
  lowBattery: 24,
  door: 25,
  tow: 26,
  crash: 27,
  harshDriving: 28,
  tamper: 29,
  immobiliser: 30,
  maintenance: 31,
  virtualLock: 32,
  beaconZoneEntry: 33,
  beaconZoneExit: 34,
  itinerary: 35,
} as const;
export type EventFamilyKey = keyof typeof EVENT_FAMILY;

export const EVENT_FAMILY_CODES: ReadonlySet<number> = new Set(Object.values(EVENT_FAMILY));
/**
 * Families that fire from an event the device itself reports on a record (SOS, power cut, low battery, tow, crash,
 * harsh driving, tamper): a record uploaded late still carries the event, so its notice is sent as a live one.
 */
export const DEVICE_EVENT_FAMILIES: ReadonlySet<number> = new Set([22, 23, 24, 26, 27, 28, 29]);
/** Edge families: the value is a bit mask of the edges that fire. */
export const EDGE_FAMILIES: ReadonlySet<number> = new Set([21, 25, 30]);
export const EDGE = { rising: 1, falling: 2 } as const;
/** Families whose value is a beacon zone id (0: any beacon zone). */
export const BEACON_ZONE_FAMILIES: ReadonlySet<number> = new Set([33, 34]);
/** Event families that take no value. */
export const VALUELESS_FAMILIES: ReadonlySet<number> = new Set([22, 23, 27, 28, 29, 32, 35]);

/** Create-mode presets of the event families. */
export const EVENT_FAMILY_DEFAULTS: Partial<Record<number, number>> = {
  20: 120,
  21: 3,
  24: 20,
  25: 1,
  26: 10,
  30: 3,
  31: 15000,
  33: 0,
  34: 0,
};

type MailFlag = (typeof COMPANY_MAIL_FLAGS)[number];

/**
 * The mail flag each family's mails belong to. km: speed; geo/poi: places; uso: use of the vehicle (ignition);
 * moto: movement while parked (towing); lock: engine lock; rule: the company's own rules (states, timers,
 * consumption); crash: crash and harsh driving; panic: SOS; power: power cut; siren: anti-theft alarms
 * (vibration, tamper, jamming); battery; maintenance ("maintenace" is the spec's own spelling); itineraries: the places of the planned stops (geo).
 */
export const FAMILY_MAIL_FLAG: Record<number, MailFlag> = {
  5: "geo",
  6: "poi",
  20: "km",
  21: "uso",
  22: "panic",
  23: "power",
  24: "battery",
  25: "door",
  26: "moto",
  27: "crash",
  28: "crash",
  29: "siren",
  30: "lock",
  31: "maintenace",
  32: "lock",
  // Beacon zones are places like geozones: their mails follow the same flag.
  33: "geo",
  34: "geo",
  35: "geo",
};

/** The mail flag of a family; every other family is one of the company's own rules. */
export const mailFlagOf = (family: number): MailFlag => FAMILY_MAIL_FLAG[family] ?? "rule";

/** Whether a flag lets mail through: flags are opt-out, only an explicit false stops the mails. */
export const mailFlagAllows = (flags: Record<string, unknown> | undefined, family: number): boolean =>
  flags?.[mailFlagOf(family)] !== false;

/** The rule value check of an event family, or null when it may be saved. */
export function eventFamilyValueError(family: number, value: number | null): string | null {
  if (VALUELESS_FAMILIES.has(family)) return null;
  if (value === null || Number.isNaN(value)) return "required";
  if (EDGE_FAMILIES.has(family)) return [1, 2, 3].includes(value) ? null : "required";
  if (family === EVENT_FAMILY.speeding) return value >= 0 && value <= 400 ? null : "invalid";
  if (family === EVENT_FAMILY.lowBattery) return value >= 1 && value <= 100 ? null : "invalid";
  if (family === EVENT_FAMILY.tow) return value >= 1 && value <= 100 ? null : "invalid";
  if (family === EVENT_FAMILY.maintenance) return value > 0 ? null : "min";
  if (BEACON_ZONE_FAMILIES.has(family)) return Number.isInteger(value) && value >= 0 ? null : "invalid";
  return null;
}
