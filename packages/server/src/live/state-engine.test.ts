import { describe, expect, it } from "vitest";
import {
  applyPosition,
  type EngineItem,
  type ItemConfig,
  newEngineItem,
  type PositionInput,
} from "./state-engine.ts";

const T0 = Date.UTC(2026, 0, 15, 8, 0, 0);
const CALC: ItemConfig = { odometerSource: 3, initialMileageKm: 0 };

function fix(
  secondsAfter: number,
  lat: number,
  lng: number,
  spd: number,
  attributes: PositionInput["attributes"] = {},
  extra: Partial<PositionInput> = {},
): PositionInput {
  const ts = T0 + secondsAfter * 1000;
  return {
    ts,
    receivedTs: ts,
    lat,
    lng,
    alt: 600,
    spd,
    course: 90,
    satt: 9,
    valid: true,
    src: 1,
    attributes,
    ...extra,
  };
}

function run(
  inputs: PositionInput[],
  cfg = CALC,
  item: EngineItem = newEngineItem({ itemType: 1, id: 1, groupId: null }),
) {
  const effects = [];
  let current = item;
  for (const input of inputs) {
    const out = applyPosition(current, input, cfg);
    current = out.item;
    effects.push(...out.effects);
  }
  return { item: current, effects };
}

// About 111 m per 0.001° of latitude.
describe("motion", () => {
  it.each([
    ["moving with ignition on", 40, true, "moving"],
    ["idle: ignition on, standing", 0, true, "idle"],
    ["stopped: ignition off", 0, false, "stopped"],
    ["stopped: ignition off even if the GPS reports speed", 8, false, "stopped"],
    ["slow crawl below 5 km/h is idle", 3, true, "idle"],
  ])("%s", (_name, spd, ignition, expected) => {
    const { item } = run([fix(0, 40.4, -3.7, spd, { ignition })]);
    expect(item.state.motion).toBe(expected);
  });

  it("walkers move from 2 km/h", () => {
    const person = newEngineItem({ itemType: 3, id: 9, groupId: null });
    expect(run([fix(0, 40.4, -3.7, 4)], CALC, person).item.state.motion).toBe("moving");
  });

  it("keeps `since` across idle and stopped, resets it when a trip starts or ends", () => {
    const { item: a } = run([
      fix(0, 40.4, -3.7, 0, { ignition: false }),
      fix(60, 40.4, -3.7, 0, { ignition: true }),
    ]);
    expect(a.state.since).toBe(T0);
    const { item: b } = run([
      fix(0, 40.4, -3.7, 0, { ignition: true }),
      fix(60, 40.401, -3.7, 30, { ignition: true }),
    ]);
    expect(b.state.since).toBe(T0 + 60_000);
  });
});

describe("odometer", () => {
  it("adds travelled distance from GPS fixes for the calculated source, on top of the initial mileage", () => {
    const { item } = run([fix(0, 40.4, -3.7, 40), fix(10, 40.401, -3.7, 40), fix(20, 40.402, -3.7, 40)], {
      odometerSource: 3,
      initialMileageKm: 1000,
    });
    expect(item.state.odometer).toBeGreaterThan(1_000_000 + 220);
    expect(item.state.odometer).toBeLessThan(1_000_000 + 225);
  });

  it("ignores jitter while standing", () => {
    const { item } = run([fix(0, 40.4, -3.7, 0), fix(10, 40.40005, -3.7, 0), fix(20, 40.4, -3.70005, 0)]);
    expect(item.travelledM).toBe(0);
  });

  it("rejects a GPS jump: no distance, no position change", () => {
    const { item } = run([fix(0, 40.4, -3.7, 40), fix(10, 41.4, -3.7, 40), fix(20, 40.401, -3.7, 40)]);
    expect(item.travelledM).toBeGreaterThan(100);
    expect(item.travelledM).toBeLessThan(120);
    expect(item.state.pos?.lat).toBeCloseTo(40.401, 5);
  });

  it("does not count invalid fixes or cell positions", () => {
    const { item } = run([
      fix(0, 40.4, -3.7, 40),
      fix(10, 40.41, -3.7, 40, {}, { valid: false, src: 2 }),
      fix(20, 40.42, -3.7, 0, {}, { src: 3 }),
    ]);
    expect(item.travelledM).toBe(0);
  });

  it.each([
    ["CAN", 2, { canOdometer: 123_456, odometer: 99 }, 123_456],
    ["CAN falls back to the device odometer", 2, { odometer: 5000 }, 5000],
    ["GPS from the device", 1, { odometer: 77_000 }, 77_000],
    ["GPS without a device odometer is calculated", 1, {}, 500_000],
  ])("uses the vehicle's source: %s", (_name, source, attrs, expected) => {
    const { item } = run([fix(0, 40.4, -3.7, 0, attrs)], { odometerSource: source, initialMileageKm: 500 });
    expect(item.state.odometer).toBe(expected);
  });
});

describe("hours, sensors, events, drivers", () => {
  it("accumulates engine time while the ignition stays on, unless the device reports it", () => {
    const { item } = run([
      fix(0, 40.4, -3.7, 0, { ignition: true }),
      fix(120, 40.4, -3.7, 0, { ignition: true }),
      fix(180, 40.4, -3.7, 0, { ignition: false }),
    ]);
    expect(item.state.hours).toBe(120);
    const reported = run([fix(0, 40.4, -3.7, 0, { ignition: true, hours: 3600 })]);
    expect(reported.item.state.hours).toBe(3600);
  });

  it("keeps attributes as sensors and reports only changes", () => {
    const { effects } = run([
      fix(0, 40.4, -3.7, 0, { fuel: 50, power: 13.9 }),
      fix(10, 40.4, -3.7, 0, { fuel: 50, power: 13.9 }),
      fix(20, 40.4, -3.7, 0, { fuel: 49 }),
    ]);
    expect(effects.filter((e) => e.kind === "sensors")).toHaveLength(2);
  });

  it("passes device driving events through and computes harsh braking from speed drops", () => {
    const device = run([fix(0, 40.4, -3.7, 50, { event: "harshBraking" })]);
    expect(device.effects).toContainEqual(
      expect.objectContaining({ kind: "event", event: expect.objectContaining({ kind: "harshBraking" }) }),
    );
    const computed = run([fix(0, 40.4, -3.7, 80), fix(2, 40.4004, -3.7, 40)]);
    expect(computed.effects.some((e) => e.kind === "event" && e.event.kind === "harshBraking")).toBe(true);
    const gentle = run([fix(0, 40.4, -3.7, 80), fix(10, 40.402, -3.7, 60)]);
    expect(gentle.effects.some((e) => e.kind === "event")).toBe(false);
  });

  it("reports a driver card once", () => {
    const { effects } = run([
      fix(0, 40.4, -3.7, 0, { driverId: "01A2" }),
      fix(10, 40.4, -3.7, 0, { driverId: "01A2" }),
    ]);
    expect(effects.filter((e) => e.kind === "driverCard")).toEqual([{ kind: "driverCard", card: "01A2" }]);
  });

  it("never moves live state backwards for an old buffered position", () => {
    const { item, effects } = run([fix(100, 40.41, -3.7, 30), fix(50, 40.4, -3.7, 30)]);
    expect(item.state.pos?.ts).toBe(T0 + 100_000);
    expect(effects.filter((e) => e.kind === "pos")).toHaveLength(1);
  });
});
