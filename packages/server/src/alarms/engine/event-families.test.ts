import {
  EPISODE_DEFAULTS,
  EVENT_FAMILY,
  emptyLiveItemState,
  type LiveItemState,
  type SensorValue,
} from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { EVENT_FAMILIES, type EventView } from "./event-families.ts";

/** Each event family: what one position raises, given the state before and after it. */

const TS = Date.UTC(2026, 0, 15, 10, 0, 0);

function state(over: Partial<LiveItemState> & { spd?: number } = {}): LiveItemState {
  const { spd, ...rest } = over;
  return {
    ...emptyLiveItemState(1, 7),
    pos:
      spd === undefined
        ? null
        : { ts: TS, lat: 41.38, lng: 2.17, spd, alt: 0, course: 0, src: 1, satt: 9, valid: true },
    ...rest,
  } as LiveItemState;
}

interface Case {
  name: string;
  family: number;
  value: number;
  before?: Partial<LiveItemState> & { spd?: number };
  after?: Partial<LiveItemState>;
  attributes?: Record<string, SensorValue>;
  spd?: number;
  zoneLimit?: number | null;
  fires: string[];
  params?: Record<string, number>;
}

const F = EVENT_FAMILY;
const cases: Case[] = [
  {
    name: "ignition on (both edges)",
    family: F.ignition,
    value: 3,
    before: { ignition: false },
    after: { ignition: true },
    fires: ["ignitionOn"],
  },
  {
    name: "ignition off (both edges)",
    family: F.ignition,
    value: 3,
    before: { ignition: true },
    after: { ignition: false },
    fires: ["ignitionOff"],
  },
  {
    name: "ignition off, only on wanted",
    family: F.ignition,
    value: 1,
    before: { ignition: true },
    after: { ignition: false },
    fires: [],
  },
  {
    name: "ignition first seen: no edge",
    family: F.ignition,
    value: 3,
    before: { ignition: null },
    after: { ignition: true },
    fires: [],
  },
  { name: "SOS from the device", family: F.sos, value: 0, attributes: { event: "sos" }, fires: ["sos"] },
  {
    name: "SOS family ignores other events",
    family: F.sos,
    value: 0,
    attributes: { event: "crash" },
    fires: [],
  },
  { name: "power cut", family: F.powerCut, value: 0, attributes: { event: "powerCut" }, fires: ["powerCut"] },
  {
    name: "device low battery alarm",
    family: F.lowBattery,
    value: 20,
    attributes: { event: "lowBattery" },
    fires: ["lowBattery"],
  },
  {
    name: "battery level falls under the value",
    family: F.lowBattery,
    value: 20,
    before: { sensors: { batteryLevel: 22 } },
    attributes: { batteryLevel: 18 },
    fires: ["lowBattery"],
    params: { level: 18 },
  },
  {
    name: "battery level already low",
    family: F.lowBattery,
    value: 20,
    before: { sensors: { batteryLevel: 19 } },
    attributes: { batteryLevel: 18 },
    fires: [],
  },
  {
    name: "door opens",
    family: F.door,
    value: 1,
    before: { sensors: { door: false } },
    attributes: { door: true },
    fires: ["doorOpen"],
  },
  {
    name: "door closes, only opening wanted",
    family: F.door,
    value: 1,
    before: { sensors: { door: true } },
    attributes: { door: false },
    fires: [],
  },
  {
    name: "door closes, both wanted",
    family: F.door,
    value: 3,
    before: { sensors: { door: true } },
    attributes: { door: false },
    fires: ["doorClose"],
  },
  {
    name: "GT06 door alarm",
    family: F.door,
    value: 1,
    attributes: { event: "doorOpen" },
    fires: ["doorOpen"],
  },
  { name: "device towing alarm", family: F.tow, value: 10, attributes: { event: "tow" }, fires: ["tow"] },
  {
    name: "moves while parked",
    family: F.tow,
    value: 10,
    before: { ignition: false, spd: 0 },
    after: { ignition: false },
    spd: 14,
    fires: ["tow"],
    params: { speed: 14 },
  },
  {
    name: "moves with ignition on",
    family: F.tow,
    value: 10,
    before: { ignition: true, spd: 0 },
    after: { ignition: true },
    spd: 40,
    fires: [],
  },
  { name: "crash", family: F.crash, value: 0, attributes: { event: "crash" }, fires: ["crash"] },
  {
    name: "harsh braking",
    family: F.harshDriving,
    value: 0,
    attributes: { event: "harshBraking" },
    fires: ["harshBraking"],
  },
  {
    name: "sharp turn",
    family: F.harshDriving,
    value: 0,
    attributes: { event: "sharpTurn" },
    fires: ["sharpTurn"],
  },
  {
    name: "jamming is tampering",
    family: F.tamper,
    value: 0,
    attributes: { event: "jamming" },
    fires: ["jamming"],
  },
  {
    name: "engine locked",
    family: F.immobiliser,
    value: 3,
    before: { sensors: { immobilized: false } },
    attributes: { immobilized: true },
    fires: ["engineLocked"],
  },
  {
    name: "engine unlocked",
    family: F.immobiliser,
    value: 3,
    before: { sensors: { immobilized: true } },
    attributes: { immobilized: false },
    fires: ["engineUnlocked"],
  },
  {
    name: "odometer reaches the service",
    family: F.maintenance,
    value: 15000,
    before: { odometer: 14_999_900 },
    after: { odometer: 15_000_100 },
    fires: ["maintenanceDue"],
    params: { km: 15000 },
  },
  {
    name: "odometer already past",
    family: F.maintenance,
    value: 15000,
    before: { odometer: 15_000_100 },
    after: { odometer: 15_000_300 },
    fires: [],
  },
];

describe("event alarm families", () => {
  it.each(cases)("$name", (c) => {
    const family = EVENT_FAMILIES.get(c.family);
    if (!family) throw new Error(`no family ${c.family}`);
    const view: EventView = {
      before: state(c.before),
      after: state({ spd: c.spd ?? 0, ...c.after }),
      attributes: c.attributes ?? {},
      spd: c.spd ?? 0,
      zoneLimit: c.zoneLimit ?? null,
    };
    const hits = family(c.value, view);
    expect(hits.map((h) => h.event)).toEqual(c.fires);
    if (c.params) expect(hits[0]?.params).toEqual(c.params);
  });

  it("covers every event family code but the itinerary (its own day state) and the episode families", () => {
    for (const code of Object.values(EVENT_FAMILY))
      expect(EVENT_FAMILIES.has(code) || code === EVENT_FAMILY.itinerary || EPISODE_DEFAULTS.has(code)).toBe(
        true,
      );
  });
});
