import { type AlarmRule, emptyAlarmRule, type LiveItemState } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NEEDS_FRESH, STALE_MS, TIMER_EVENTS, timerStart } from "./conditions.ts";
import { AlarmEngine, type EngineOutput } from "./engine.ts";
import { vehiclePosition, vehicleState, vehicleTick } from "./engine-fixtures.ts";
import { type CompiledRule, compileRule, passesFilters } from "./rules.ts";
import { CompanyState, itemKeyOf, trackMotion } from "./tracking.ts";

/**
 * The engine judges an item's time-based rules one timer per family against the family's shortest duration, keeps
 * each rule's episode marker in a cell its slot holds, and shares one params object among a family's fires. Whatever
 * the rules and the steps, it must say what a plain evaluation says: every rule in rule order, its own timer, its
 * marker in a plain map.
 */

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;
const C = 1;
const KEY = itemKeyOf(1, 7);

const ruleArb = fc.record({
  family: fc.constantFrom(10, 11, 12, 13, 14, 15, 17),
  minutes: fc.constantFrom(0, 1, 3, 5, 20, 60),
  stateLogic: fc.constantFrom(3, 4),
  inTrackOnly: fc.boolean(),
});
type RuleSpec = typeof ruleArb extends fc.Arbitrary<infer T> ? T : never;

const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant("position" as const),
    gapMin: fc.constantFrom(0, 1, 2, 7, 30),
    motion: fc.constantFrom(...(["moving", "idle", "stopped"] as const)),
    stateId: fc.constantFrom(0, 1, 2),
    driver: fc.boolean(),
    intrack: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("tick" as const), gapMin: fc.constantFrom(1, 5, 30, 120) }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

function alarmRule(id: number, spec: RuleSpec): AlarmRule {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [7];
  r.info = { ...r.info, name: `rule ${id}`, priority: 2, family: spec.family, value: spec.minutes * MIN };
  if (spec.family === 10) r.info.states = { logic: spec.stateLogic, stateIds: [1] };
  if (spec.inTrackOnly) r.inTrack = { active: true, in: true };
  return { ...r, id, createdTs: 0, updatedTs: 0 };
}

/** The plain evaluation: each rule on its own, in rule order, with its markers in a plain map. */
class Reference {
  private readonly markers = new Map<string, number>();
  private readonly tracked = new CompanyState();

  constructor(private readonly rules: CompiledRule[]) {}

  position(before: LiveItemState, state: LiveItemState, ts: number): EngineOutput {
    trackMotion(this.tracked, KEY, before, state, ts);
    return this.judge(state, ts, true);
  }

  tick(state: LiveItemState, now: number): EngineOutput {
    return this.judge(state, now, state.pos !== null && now - state.pos.ts <= STALE_MS);
  }

  private judge(state: LiveItemState, now: number, fresh: boolean): EngineOutput {
    const out: EngineOutput = { fires: [], cleared: [] };
    const view = { state, geozones: new Set<number>(), pois: new Set<number>() };
    const fire = (rule: CompiledRule, event: string, params: Record<string, number>, episode: number) => {
      if (!passesFilters(rule, view, now)) return;
      const p = state.pos;
      const pos = p ? { lat: p.lat, lng: p.lng, spd: p.spd, alt: p.alt, src: p.src, satt: p.satt } : null;
      const key = `${rule.id}:${KEY}`;
      out.fires.push({
        rule,
        companyId: C,
        itemType: 1,
        itemId: 7,
        groupId: 3,
        ts: now,
        event,
        params,
        pos,
        episode: { key, value: episode },
      });
      this.markers.set(key, episode);
    };
    for (const rule of this.rules) {
      const key = `${rule.id}:${KEY}`;
      if (rule.family === 10) {
        const has = rule.stateTargets.has(state.customStateId);
        const holds = rule.stateLogic === 4 ? !has : has;
        if (holds && !this.markers.has(key))
          fire(
            rule,
            rule.stateLogic === 4 ? "stateUnequal" : "stateEqual",
            { stateId: state.customStateId },
            1,
          );
        else if (!holds && this.markers.has(key)) {
          this.markers.delete(key);
          out.cleared.push(key);
        }
        continue;
      }
      if (NEEDS_FRESH.has(rule.family) && !fresh) continue;
      const start = timerStart(rule.family, state, this.tracked.motion.get(KEY));
      if (start === null || now - start < rule.value || this.markers.get(key) === start) continue;
      fire(rule, TIMER_EVENTS.get(rule.family) as string, { durationMs: now - start }, start);
    }
    return out;
  }
}

function drive(
  steps: Step[],
  engine: AlarmEngine,
  reference: Reference,
): { said: unknown; expected: unknown }[] {
  let current = vehicleState({ since: T0 });
  let t = T0;
  return steps.map((s) => {
    t += s.gapMin * MIN + 1000;
    if (s.kind === "tick")
      return {
        said: engine.tick(C, vehicleTick(current), t),
        expected: reference.tick(current, t),
      };
    const before = current;
    const pos = { ts: t, receivedTs: t, lat: 40.4, lng: -3.7, alt: 0, spd: 30, course: 0, satt: 9 };
    current = {
      ...before,
      pos: { ...pos, valid: true, src: 1 as const },
      motion: s.motion,
      since: s.motion === before.motion ? before.since : t,
      driverId: s.driver ? 9 : null,
      customStateId: s.stateId,
      intrack: s.intrack,
    };
    const input = vehiclePosition(before, current, { ...pos, valid: true, src: 1, attributes: {} });
    return { said: engine.onPosition(input, t), expected: reference.position(before, current, t) };
  });
}

describe("time-based and custom-state families against a plain evaluation", () => {
  it("property: the engine fires and clears what evaluating each rule on its own does", () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 10 }),
        fc.array(stepArb, { minLength: 1, maxLength: 30 }),
        (specs, steps) => {
          const rules = specs.map(
            (spec, i) => compileRule(C, alarmRule(i + 1, spec), (g) => [g]) as CompiledRule,
          );
          const engine = new AlarmEngine();
          engine.setRules(C, rules);
          for (const { said, expected } of drive(steps, engine, new Reference(rules)))
            expect(said).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
