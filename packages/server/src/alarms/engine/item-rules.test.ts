import { type AlarmRule, EVENT_FAMILY, emptyAlarmRule } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Zone, ZoneIndex } from "../../places/index.ts";
import { AlarmEngine, type EngineOutput } from "./engine.ts";
import { vehiclePosition, vehicleState, vehicleTick } from "./engine-fixtures.ts";
import { compileRule } from "./rules.ts";

/**
 * The engine visits an item's rules family by family, skips those a position cannot move and shares one timer per
 * family: whatever rules an item has, together they must fire exactly what each fires on its own, in rule order.
 */

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;
const C = 1;
const zones: Zone[] = [
  { id: 50, kind: "circle", center: { lat: 40.4, lng: -3.7 }, radiusM: 500 },
  { id: 51, kind: "circle", center: { lat: 40.41, lng: -3.7 }, radiusM: 800 },
];
const LATS = [40.4, 40.405, 40.41, 40.45];
const FAMILIES = [
  5,
  6,
  10,
  11,
  12,
  13,
  14,
  15,
  17,
  19,
  EVENT_FAMILY.speeding,
  EVENT_FAMILY.ignition,
  EVENT_FAMILY.door,
];

const ruleArb = fc.record({
  family: fc.constantFrom(...FAMILIES),
  value: fc.constantFrom(0, 1, 3, 5, 20, 60),
  zone: fc.constantFrom(50, 51),
  toIn: fc.boolean(),
  toOut: fc.boolean(),
  stateLogic: fc.constantFrom(3, 4),
  filterInside: fc.boolean(),
});
type RuleSpec = typeof ruleArb extends fc.Arbitrary<infer T> ? T : never;

const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant("position" as const),
    gapMin: fc.constantFrom(0, 1, 2, 7, 30),
    lat: fc.constantFrom(...LATS),
    motion: fc.constantFrom(...(["moving", "idle", "stopped"] as const)),
    ignition: fc.boolean(),
    spd: fc.constantFrom(0, 30, 90),
    stateId: fc.constantFrom(0, 1, 2),
    door: fc.boolean(),
    fuel: fc.integer({ min: 0, max: 100 }),
    driver: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("tick" as const), gapMin: fc.constantFrom(1, 5, 30, 120) }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function alarmRule(id: number, spec: RuleSpec): AlarmRule {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [7];
  r.info = { ...r.info, name: `rule ${id}`, priority: 2, family: spec.family };
  // Minutes for the time families, km/h for speeding, L/100 km for consumption, the edge mask for events.
  r.info.value = [11, 12, 13, 14, 15, 17].includes(spec.family) ? spec.value * MIN : spec.value;
  if (spec.family === EVENT_FAMILY.ignition || spec.family === EVENT_FAMILY.door) r.info.value = 3;
  if (spec.family === 5) r.info.geozones = { geozoneIds: [spec.zone], toIn: spec.toIn, toOut: spec.toOut };
  if (spec.family === 6) r.info.pois = { poiIds: [spec.zone], toIn: spec.toIn, toOut: spec.toOut };
  if (spec.family === 10) r.info.states = { logic: spec.stateLogic, stateIds: [1] };
  if (spec.filterInside) r.geozones = { ...r.geozones, active: true, in: true, geozoneIds: [51] };
  return { ...r, id, createdTs: 0, updatedTs: 0 };
}

function engineOf(rules: AlarmRule[]): AlarmEngine {
  const engine = new AlarmEngine();
  engine.setRules(
    C,
    rules.map((r) => compileRule(C, r, (g) => [g])!),
  );
  engine.setZones(C, {
    geozones: new ZoneIndex(zones),
    pois: new ZoneIndex(zones),
    byId: new Map(zones.map((z) => [z.id, z])),
  });
  engine.tanks.set(7, 60);
  return engine;
}

/** What the engine said at each step, as plain data. */
function drive(engine: AlarmEngine, steps: Step[]): unknown[] {
  let current = vehicleState({ since: T0 });
  let t = T0;
  const said = (o: EngineOutput) => ({
    fires: o.fires.map((f) => ({ ...f, rule: f.rule.id })),
    cleared: o.cleared,
    updates: o.updates ?? [],
  });
  return steps.map((s) => {
    t += s.gapMin * MIN + 1000;
    if (s.kind === "tick") return said(engine.tick(C, vehicleTick(current), t));
    const before = current;
    const pos = { ts: t, receivedTs: t, lat: s.lat, lng: -3.7, alt: 0, spd: s.spd, course: 0, satt: 9 };
    current = {
      ...before,
      pos: { ...pos, valid: true, src: 1 as const },
      motion: s.motion,
      since: s.motion === before.motion ? before.since : t,
      ignition: s.ignition,
      odometer: before.odometer + s.spd * 1000,
      driverId: s.driver ? 9 : null,
      customStateId: s.stateId,
      sensors: { door: s.door },
    };
    const input = vehiclePosition(before, current, {
      ...pos,
      valid: true,
      src: 1,
      attributes: { door: s.door, fuel: s.fuel },
    });
    return said(engine.onPosition(input, t));
  });
}

describe("an item's rules split by family", () => {
  it("property: all the rules together fire what each fires alone, in rule order", () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 8 }),
        fc.array(stepArb, { minLength: 1, maxLength: 30 }),
        (specs, steps) => {
          const rules = specs.map((spec, i) => alarmRule(i + 1, spec));
          const together = drive(engineOf(rules), steps);
          const alone = rules.map((r) => drive(engineOf([r]), steps));
          const merged = steps.map((_, i) => {
            const each = alone.map(
              (said) => said[i] as { fires: unknown[]; cleared: string[]; updates: unknown[] },
            );
            return {
              fires: each.flatMap((s) => s.fires),
              cleared: each.flatMap((s) => s.cleared),
              updates: each.flatMap((s) => s.updates),
            };
          });
          expect(together).toEqual(merged);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a custom state that comes back after its episode was cleared from outside fires again", () => {
    const rule = alarmRule(1, {
      family: 10,
      value: 0,
      zone: 50,
      toIn: true,
      toOut: true,
      stateLogic: 3,
      filterInside: false,
    });
    const engine = engineOf([rule]);
    const step = (stateId: 0 | 1 | 2): Step => ({
      kind: "position",
      gapMin: 1,
      lat: 40.45,
      motion: "stopped",
      ignition: false,
      spd: 0,
      stateId,
      door: false,
      fuel: 50,
      driver: false,
    });
    const events = (said: unknown[]) =>
      said.map((s) => (s as { fires: { event: string }[] }).fires.map((f) => f.event));
    expect(events(drive(engine, [step(1), step(1)]))).toEqual([["stateEqual"], []]);
    // The service forgets the marker (the episode was closed elsewhere): the state holding again is a new episode.
    engine.episodes.delete("1:1:7");
    expect(events(drive(engine, [step(1)]))).toEqual([["stateEqual"]]);
  });
});
