import { describe, expect, it } from "vitest";
import {
  applyPosition,
  crossedStep,
  type EngineItem,
  type ItemConfig,
  motionWithoutFix,
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

describe("motion without an accepted fix", () => {
  it.each([
    ["first record without a fix, device says moving", { motion: true }, "moving"],
    [
      "first record without a fix, device says standing, ignition on",
      { motion: false, ignition: true },
      "idle",
    ],
    ["first record without a fix, ignition off", { motion: true, ignition: false }, "stopped"],
    ["first record without a fix and no movement sensor", {}, "stopped"],
  ])("%s", (_name, attrs, expected) => {
    const { item } = run([fix(0, 40.4, -3.7, 37, attrs, { valid: false, src: 2 })]);
    expect(item.state.motion).toBe(expected);
  });

  it("a first fix at 37 km/h is moving", () => {
    expect(run([fix(0, 40.4, -3.7, 37)]).item.state.motion).toBe("moving");
    expect(run([fix(0, 40.4, -3.7, 37, { ignition: true, motion: true })]).item.state.motion).toBe("moving");
  });

  it("a GPS jump keeps the motion of the last accepted fix instead of badging the item stopped", () => {
    const { item } = run([fix(0, 40.4, -3.7, 40), fix(10, 41.4, -3.7, 40)]);
    expect(item.state.motion).toBe("moving");
    expect(item.state.pos?.lat).toBeCloseTo(40.4, 5);
  });

  it.each([
    ["stopped", true, null, "idle"],
    ["moving", null, null, "moving"],
    ["moving", false, null, "stopped"],
    ["idle", true, true, "moving"],
    ["moving", true, false, "idle"],
  ] as const)("motionWithoutFix(%s, ignition %s, device %s) = %s", (prev, ignition, device, expected) => {
    expect(motionWithoutFix(prev, ignition, device)).toBe(expected);
  });
});

describe("odometer", () => {
  it("publishes the odometer while small steps add up (the panel's odometer stood still)", () => {
    // 40 fixes 11 m apart: no single step reaches 100 m, the total passes 400 m.
    const fixes = Array.from({ length: 40 }, (_, i) => fix(i * 2, 40.4 + i * 0.0001, -3.7, 20));
    const { item, effects } = run(fixes);
    const published = effects.filter((e) => e.kind === "odometer");
    expect(item.state.odometer).toBeGreaterThan(400);
    expect(published.length).toBeGreaterThanOrEqual(4);
    expect(published.at(-1)).toEqual({ kind: "odometer", odometer: expect.any(Number) });
  });

  it("publishes the device's odometer as it grows by a few metres per record", () => {
    const fixes = Array.from({ length: 30 }, (_, i) =>
      fix(i, 40.4, -3.7, 0, { odometer: 1_000_050 + i * 10 }),
    );
    const { effects } = run(fixes, { odometerSource: 1, initialMileageKm: 0 });
    const values = effects.flatMap((e) => (e.kind === "odometer" ? [e.odometer] : []));
    expect(values[0]).toBe(1_000_050);
    expect(values.at(-1)).toBe(1_000_300);
  });

  it("holds the device's odometer in records without it instead of falling back to the calculated one", () => {
    const { item } = run(
      [fix(0, 40.4, -3.7, 30, { odometer: 77_000 }), fix(10, 40.401, -3.7, 30, { fuel: 40 })],
      { odometerSource: 1, initialMileageKm: 0 },
    );
    expect(item.state.odometer).toBe(77_000);
  });

  it.each([
    [0, 99, 100, false],
    [99, 100, 100, true],
    [350, 420, 100, true],
    [3599, 3601, 60, true],
  ])("crossedStep(%d, %d, %d) = %s", (before, after, step, expected) => {
    expect(crossedStep(before, after, step)).toBe(expected);
  });

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
    const ticking = run(Array.from({ length: 20 }, (_, i) => fix(i * 10, 40.4, -3.7, 0, { ignition: true })));
    expect(ticking.effects.filter((e) => e.kind === "hours").length).toBeGreaterThanOrEqual(3);
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

  it("reports the heard beacons when they change, for driver identification by beacon", () => {
    const { effects } = run([
      fix(0, 40.4, -3.7, 0, { bleSeen: "b1 b2" }),
      fix(10, 40.4, -3.7, 0, { bleSeen: "b1 b2" }),
      fix(20, 40.4, -3.7, 0, {}),
      fix(30, 40.4, -3.7, 0, { bleSeen: "b3" }),
    ]);
    expect(effects.filter((e) => e.kind === "driverBeacons")).toEqual([
      { kind: "driverBeacons", ids: ["b1", "b2"] },
      { kind: "driverBeacons", ids: ["b3"] },
    ]);
  });

  it("never moves live state backwards for an old buffered position", () => {
    const { item, effects } = run([fix(100, 40.41, -3.7, 30), fix(50, 40.4, -3.7, 30)]);
    expect(item.state.pos?.ts).toBe(T0 + 100_000);
    expect(effects.filter((e) => e.kind === "pos")).toHaveLength(1);
  });
});

describe("accuracy of positions without a GPS fix", () => {
  it.each([
    ["a cell position carries its radius", 3, 1500, 1500],
    ["a Wi-Fi position carries its radius", 4, 45, 45],
    ["a GPS fix draws no circle even when the device reports one", 1, 12, undefined],
    ["a cell position without a radius draws none", 3, undefined, undefined],
  ] as const)("%s", (_name, src, accuracy, expected) => {
    const input = fix(10, 40.41, -3.7, 0, accuracy === undefined ? {} : { accuracy }, {
      src,
      valid: src === 1,
    });
    const { item } = run([input]);
    expect(item.state.pos?.acc).toBe(expected);
    // The radius is part of the position, never a sensor of the item.
    expect(item.state.sensors.accuracy).toBeUndefined();
  });
});

describe("what a position leaves as it was", () => {
  it("keeps the item's identity, group, driver, in-track mark, fault codes, custom state and offline flag", () => {
    const item = newEngineItem({ itemType: 1, id: 9, groupId: 4 });
    const before = {
      ...item.state,
      driverId: 71,
      intrack: true,
      dtcs: ["P0101"],
      customStateId: 3,
      offline: true,
    };
    const { item: after } = applyPosition({ ...item, state: before }, fix(1, 40.4, -3.7, 30), CALC);
    const { pos, motion, ignition, odometer, hours, since, sensors, ...kept } = after.state;
    const {
      pos: _p,
      motion: _m,
      ignition: _i,
      odometer: _o,
      hours: _h,
      since: _s,
      sensors: _n,
      ...was
    } = before;
    expect(kept).toEqual(was);
    expect(Object.keys(after.state)).toEqual(Object.keys(before));
    expect(pos).toMatchObject({ ts: T0 + 1000, lat: 40.4, lng: -3.7, spd: 30 });
    expect([motion, ignition, odometer, hours, since, sensors]).toEqual([
      "moving",
      null,
      0,
      0,
      T0 + 1000,
      {},
    ]);
  });
});
