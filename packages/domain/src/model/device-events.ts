/**
 * The device events every protocol decoder normalizes into the `event` attribute of a position (see the
 * protocols README), and the alarm families that fire from them. One vocabulary, shared by the decoders, the
 * alarm engine and the texts, so an event has one name from the frame to the mail.
 */
export const DEVICE_EVENTS = [
  "sos",
  "powerCut",
  "lowBattery",
  "vibration",
  "tamper",
  "jamming",
  "overspeed",
  "tow",
  "crash",
  "harshAcceleration",
  "harshBraking",
  "sharpTurn",
  "doorOpen",
  "doorClose",
  "geofenceEnter",
  "geofenceExit",
] as const;
export type DeviceEvent = (typeof DEVICE_EVENTS)[number];

/** Names other platforms and apps send for the same events (Traccar-style `alarm=` values), lower-cased. */
const EVENT_ALIASES: Record<string, DeviceEvent> = {
  panic: "sos",
  powercut: "powerCut",
  poweroff: "powerCut",
  lowbattery: "lowBattery",
  lowpower: "lowBattery",
  shock: "vibration",
  tampering: "tamper",
  overspeed: "overspeed",
  speeding: "overspeed",
  towing: "tow",
  movement: "tow",
  accident: "crash",
  acceleration: "harshAcceleration",
  braking: "harshBraking",
  cornering: "sharpTurn",
  door: "doorOpen",
};
const BY_LOWER = new Map<string, DeviceEvent>(DEVICE_EVENTS.map((e) => [e.toLowerCase(), e]));

/**
 * A device- or app-supplied event name as one of ours, or null. Device input is hostile: anything that is not
 * a short known name is refused rather than stored as an event the alarm engine would trust.
 */
export function normalizeDeviceEvent(value: unknown): DeviceEvent | null {
  if (typeof value !== "string" || value.length > 32) return null;
  const key = value.trim().toLowerCase();
  return BY_LOWER.get(key) ?? EVENT_ALIASES[key] ?? null;
}
