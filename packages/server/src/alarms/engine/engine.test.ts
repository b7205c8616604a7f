import { type AlarmRule, type AlarmRuleInput, emptyAlarmRule, type LiveItemState } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { type Zone, ZoneIndex } from "../../places/index.ts";
import { AlarmEngine, type CompanyZones, type PositionInput, STALE_MS } from "./engine.ts";
import { vehicleState } from "./engine-fixtures.ts";
import { compileRule } from "./rules.ts";

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0); // Thursday 10:00 in Madrid
const MIN = 60_000;
const C = 1;

function rule(id: number, patch: (r: AlarmRuleInput) => void): AlarmRule {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [7];
  r.info.name = `rule ${id}`;
  r.info.priority = 2;
  patch(r);
  return { ...r, id, createdTs: 0, updatedTs: 0 };
}

const state = vehicleState;

const zone: Zone = { id: 50, kind: "circle", center: { lat: 40.4, lng: -3.7 }, radiusM: 500 };
const zones = (): CompanyZones => ({
  geozones: new ZoneIndex([zone]),
  pois: new ZoneIndex([]),
  byId: new Map([[50, zone]]),
});

/** Drives one vehicle through the engine, keeping the live state as the processor would. */
class Drive {
  current = state();
  constructor(readonly engine: AlarmEngine) {}
  at(ts: number, lat: number, patch: Partial<LiveItemState> = {}, now = ts, attrs = {}) {
    const before = this.current;
    const pos = {
      ts,
      receivedTs: now,
      lat,
      lng: -3.7,
      alt: 600,
      spd: 0,
      course: 0,
      satt: 9,
      valid: true,
      src: 1 as const,
    };
    this.current = state({ ...before, pos, ...patch });
    const input: PositionInput = {
      companyId: C,
      itemType: 1,
      itemId: 7,
      groupId: 3,
      state: this.current,
      before,
      position: { ...pos, attributes: attrs },
    };
    return this.engine.onPosition(input, now).fires.map((f) => f.event);
  }
  tick(now: number) {
    return this.engine
      .tick(C, [{ companyId: C, itemType: 1, itemId: 7, groupId: 3, state: this.current }], now)
      .fires.map((f) => f.event);
  }
}

function engineWith(...rules: AlarmRule[]): AlarmEngine {
  const engine = new AlarmEngine();
  engine.setRules(
    C,
    rules.map((r) => compileRule(C, r, (g) => [g])!),
  );
  engine.setZones(C, zones());
  return engine;
}

const geozoneRule = (toIn: boolean, toOut: boolean) =>
  rule(1, (r) => {
    r.info.family = 5;
    r.info.geozones = { geozoneIds: [50], toIn, toOut };
  });
const OUT = 40.45;
const IN = 40.4;

describe("geozone family with hysteresis", () => {
  it.each([
    [
      "enter fires once after two confirming fixes",
      true,
      false,
      [OUT, IN, IN, IN],
      [[], [], ["geozoneIn"], []],
    ],
    ["a single jump inside does not fire", true, false, [OUT, IN, OUT, OUT], [[], [], [], []]],
    [
      "exit fires for toOut once out for the release time",
      false,
      true,
      [IN, IN, OUT, OUT, OUT],
      [[], [], [], [], ["geozoneOut"]],
    ],

    ["entry does not fire a toOut rule", false, true, [OUT, IN, IN], [[], [], []]],
  ])("%s", (_n, toIn, toOut, lats, expected) => {
    const d = new Drive(engineWith(geozoneRule(toIn, toOut)));
    expect(lats.map((lat, i) => d.at(T0 + i * MIN, lat))).toEqual(expected);
  });

  it("out and back within the release time is one stay: one entry, no exit", () => {
    const r = geozoneRule(true, true);
    r.info.episode = { confirmSec: null, releaseSec: 180, repeatMin: null };
    const d = new Drive(engineWith(r));
    const lats = [OUT, IN, IN, OUT, OUT, IN, IN, IN, OUT, OUT, OUT, OUT, OUT];
    const fired = lats.map((lat, i) => d.at(T0 + i * MIN, lat));
    expect(fired.flat()).toEqual(["geozoneIn", "geozoneOut"]);
    expect(fired[12]).toEqual(["geozoneOut"]);
  });

  it("a stale buffered entry updates membership without an alarm", () => {
    const d = new Drive(engineWith(geozoneRule(true, false)));
    const now = T0 + 3 * 3_600_000;
    expect(d.at(T0, IN, {}, now)).toEqual([]);
    expect(d.at(T0 + MIN, IN, {}, now)).toEqual([]);
    // Live again, still inside: no entry is invented.
    expect(d.at(now, IN)).toEqual([]);
  });

  it("survives a restart through the snapshot", () => {
    const engine = engineWith(geozoneRule(false, true));
    const d = new Drive(engine);
    d.at(T0, IN);
    d.at(T0 + MIN, IN);
    const snap = engine.snapshot(C)!;
    const restarted = engineWith(geozoneRule(false, true));
    restarted.restore(C, JSON.parse(JSON.stringify(snap)));
    const d2 = new Drive(restarted);
    d2.current = d.current;
    expect(d2.at(T0 + 2 * MIN, OUT)).toEqual([]);
    expect(d2.at(T0 + 3 * MIN, OUT)).toEqual([]);
    // The episode under way came through the snapshot too: its end raises the exit.
    expect(d2.at(T0 + 4 * MIN, OUT)).toEqual(["geozoneOut"]);
  });
});

describe("time families fire once per episode", () => {
  const timed = (family: number, value: number, extra: (r: AlarmRuleInput) => void = () => undefined) =>
    rule(2, (r) => {
      r.info.family = family;
      r.info.value = value;
      extra(r);
    });

  it.each<[string, number, Partial<LiveItemState>, number, string]>([
    ["idle", 11, { motion: "idle", ignition: true }, 5 * MIN, "idle"],
    ["max stop", 13, { motion: "stopped" }, 60 * MIN, "maxStop"],
    ["max driving", 14, { motion: "moving", ignition: true }, 270 * MIN, "maxDriving"],
    ["max parked", 15, { motion: "stopped", ignition: false }, 24 * 60 * MIN, "maxParked"],
  ])("%s fires when the episode passes its value, then not again", (_n, family, motion, value, event) => {
    const d = new Drive(engineWith(timed(family, value)));
    d.at(T0, IN, { ...motion, since: T0 });
    expect(d.tick(T0 + value - 1)).toEqual([]);
    if (family === 11 || family === 14) {
      // Needs fresh data: keep reporting as a live device does.
      for (let t = T0 + 5 * MIN; t < T0 + value; t += 5 * MIN) d.at(t, IN, { ...motion, since: T0 });
    }
    const reportAt = family === 11 || family === 14 ? T0 + value : T0 + value + 1;
    const fired = [...d.at(reportAt, IN, { ...motion, since: T0 }), ...d.tick(reportAt + 1)];
    expect(fired).toEqual([event]);
    expect(d.tick(reportAt + 30_000)).toEqual([]);
  });

  it("offline fires after the value without positions, and again only after a new report", () => {
    const d = new Drive(engineWith(timed(12, 7 * 24 * 60 * MIN)));
    d.at(T0, IN, { since: T0 });
    expect(d.tick(T0 + 7 * 24 * 60 * MIN - 1000)).toEqual([]);
    expect(d.tick(T0 + 7 * 24 * 60 * MIN)).toEqual(["offline"]);
    expect(d.tick(T0 + 8 * 24 * 60 * MIN)).toEqual([]);
    const back = T0 + 9 * 24 * 60 * MIN;
    d.at(back, IN);
    expect(d.tick(back + 7 * 24 * 60 * MIN)).toEqual(["offline"]);
  });

  it("idle on stale data does not fire: the device may have moved since", () => {
    const d = new Drive(engineWith(timed(11, 5 * MIN)));
    d.at(T0, IN, { motion: "idle", ignition: true, since: T0 });
    expect(d.tick(T0 + STALE_MS + 1)).toEqual([]);
  });

  it("a restart does not fire the same episode twice (episode markers are persisted)", () => {
    const first = engineWith(timed(13, 60 * MIN));
    const d = new Drive(first);
    d.at(T0, IN, { motion: "stopped", since: T0 });
    expect(d.tick(T0 + 61 * MIN)).toEqual(["maxStop"]);
    const second = engineWith(timed(13, 60 * MIN));
    for (const [k, v] of first.episodes) second.episodes.set(k, v);
    const d2 = new Drive(second);
    d2.current = d.current;
    expect(d2.tick(T0 + 62 * MIN)).toEqual([]);
  });

  it("track without driver fires once per trip", () => {
    const d = new Drive(engineWith(timed(17, 0)));
    expect(d.at(T0, IN, { motion: "moving", since: T0, driverId: null })).toEqual(["trackWithoutDriver"]);
    expect(d.at(T0 + MIN, IN, { motion: "moving", since: T0, driverId: null })).toEqual([]);
    d.at(T0 + 2 * MIN, IN, { motion: "stopped", since: T0 + 2 * MIN });
    expect(d.at(T0 + 3 * MIN, IN, { motion: "moving", since: T0 + 3 * MIN, driverId: 4 })).toEqual([]);
    expect(d.at(T0 + 4 * MIN, IN, { motion: "moving", since: T0 + 4 * MIN, driverId: null })).toEqual([
      "trackWithoutDriver",
    ]);
  });
});

describe("state family and consumption", () => {
  it.each([
    [3, [0, 2, 2, 0, 2], [[], ["stateEqual"], [], [], ["stateEqual"]]],
    [4, [2, 0, 0, 2], [[], ["stateUnequal"], [], []]],
  ])("logic %i", (logic, states, expected) => {
    const d = new Drive(
      engineWith(
        rule(3, (r) => {
          r.info.family = 10;
          r.info.states = { logic, stateIds: [2] };
        }),
      ),
    );
    expect(states.map((s, i) => d.at(T0 + i * MIN, IN, { customStateId: s }))).toEqual(expected);
  });

  it("monthly average consumption fires once when the average passes the value", () => {
    const engine = engineWith(
      rule(4, (r) => {
        r.info.family = 19;
        r.info.value = 15;
      }),
    );
    engine.tanks.set(7, 100);
    const d = new Drive(engine);
    // 100 km at 20 L/100km: the level falls 20 points of a 100 L tank; a refuel in between is not consumption.
    const steps: [number, number][] = [
      [0, 80],
      [40_000, 72],
      [60_000, 95],
      [100_000, 83],
      [120_000, 80],
    ];
    const events = steps.map(([odo, fuel], i) =>
      d.at(T0 + i * MIN, IN, { odometer: odo }, T0 + i * MIN, { fuel }),
    );
    expect(events).toEqual([[], [], [], ["monthlyConsumption"], []]);
  });
});

describe("filters", () => {
  const idleWithTime = (tz: string, from: number, to: number, inside = true) =>
    rule(5, (r) => {
      r.info.family = 17;
      r.timeRange = {
        active: true,
        in: inside,
        timezone: tz,
        weekTime: {
          // Sunday 0 … Saturday 6
          0: { enabled: true, id: 0, name: "", from: { hour: from, minute: 0 }, to: { hour: to, minute: 0 } },
          4: { enabled: true, id: 4, name: "", from: { hour: from, minute: 0 }, to: { hour: to, minute: 0 } },
        },
      };
    });
  const trip = (engine: AlarmEngine, ts: number) =>
    new Drive(engine).at(ts, IN, { motion: "moving", since: ts, driverId: null });

  it.each([
    ["Thursday 10:00 Madrid inside 08-18", "Europe/Madrid", 8, 18, true, T0, true],
    ["Thursday 10:00 Madrid outside 11-18", "Europe/Madrid", 11, 18, true, T0, false],
    ["same instant in New York (04:00) outside 08-18", "America/New_York", 8, 18, true, T0, false],
    ["outside-range rule fires outside", "America/New_York", 8, 18, false, T0, true],
    ["Wednesday is not enabled", "Europe/Madrid", 0, 23, true, T0 - 24 * 60 * MIN, false],
    // 2026-03-29: Madrid jumps from 02:00 to 03:00. 01:30 UTC is 03:30 local (CEST), Sunday.
    ["after the DST jump 03:00-04:00 local", "Europe/Madrid", 3, 4, true, Date.UTC(2026, 2, 29, 1, 30), true],
    [
      "before the DST jump 00:00 UTC is 01:00 local",
      "Europe/Madrid",
      3,
      4,
      true,
      Date.UTC(2026, 2, 29, 0, 0),
      false,
    ],
    [
      "overnight window 22-02 covers Monday 01:00 for Sunday",
      "Europe/Madrid",
      22,
      2,
      true,
      Date.UTC(2026, 0, 19, 0, 0),
      true,
    ],
  ])("%s", (_n, tz, from, to, inside, ts, fires) => {
    expect(trip(engineWith(idleWithTime(tz, from, to, inside)), ts)).toEqual(
      fires ? ["trackWithoutDriver"] : [],
    );
  });

  it.each([
    [
      "item by group",
      (r: AlarmRuleInput) => {
        r.items.vehicleIds = [];
        r.items.groupIds = [3];
      },
      true,
    ],
    [
      "another group",
      (r: AlarmRuleInput) => {
        r.items.vehicleIds = [];
        r.items.groupIds = [9];
      },
      false,
    ],
    [
      "asset rule",
      (r: AlarmRuleInput) => {
        r.items.itemsType = 2;
        r.items.assetIds = [7];
      },
      false,
    ],
    [
      "custom state equal 0",
      (r: AlarmRuleInput) => (r.customStates = { active: true, logic: 3, stateIds: [0] }),
      true,
    ],
    [
      "custom state unequal 0",
      (r: AlarmRuleInput) => (r.customStates = { active: true, logic: 4, stateIds: [0] }),
      false,
    ],
    [
      "in track only",
      (r: AlarmRuleInput) => {
        r.inTrack = { active: true, in: true };
      },
      false,
    ],
    [
      "not in track",
      (r: AlarmRuleInput) => {
        r.inTrack = { active: true, in: false };
      },
      true,
    ],
    [
      "inside geozone 50 (not yet)",
      (r: AlarmRuleInput) => (r.geozones = { active: true, in: true, geozoneIds: [50] }),
      false,
    ],
    [
      "outside geozone 50",
      (r: AlarmRuleInput) => (r.geozones = { active: true, in: false, geozoneIds: [50] }),
      true,
    ],
  ])("%s", (_n, patch, fires) => {
    const engine = engineWith(
      rule(6, (r) => {
        r.info.family = 17;
        patch(r);
      }),
    );
    expect(trip(engine, T0)).toEqual(fires ? ["trackWithoutDriver"] : []);
  });
});
