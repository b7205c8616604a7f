import { type AlarmRule, type AlarmRuleInput, EVENT_FAMILY, emptyAlarmRule } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Zone, ZoneIndex } from "../../places/index.ts";
import {
  BUFFERED_LOOKBACK_MS,
  type BufferedItem,
  bufferedStart,
  isBuffered,
  newBufferedRun,
  stepBuffered,
} from "./buffered.ts";
import { STALE_MS } from "./conditions.ts";
import { AlarmEngine, type CompanySetup } from "./engine.ts";
import { compileRule } from "./rules.ts";

const C = 1;
const T0 = Date.UTC(2026, 0, 12, 8, 0, 0);
const zone: Zone = { id: 50, kind: "circle", center: { lat: 40.4, lng: -3.7 }, radiusM: 300 };

function rule(id: number, patch: (r: AlarmRuleInput) => void): AlarmRule {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [7];
  r.info.name = `rule ${id}`;
  patch(r);
  return { ...r, id, createdTs: 0, updatedTs: 0 };
}

const rules = [
  rule(1, (r) => {
    r.info.family = 5;
    r.info.geozones = { geozoneIds: [50], toIn: true, toOut: true };
  }),
  rule(2, (r) => {
    r.info.family = EVENT_FAMILY.sos;
  }),
  rule(3, (r) => {
    r.info.family = 10;
    r.info.states = { logic: 0, stateIds: [0] };
  }),
];

function liveEngine(): AlarmEngine {
  const engine = new AlarmEngine();
  engine.setRules(
    C,
    rules.map((r) => compileRule(C, r, (g) => [g])!),
  );
  engine.setZones(C, {
    geozones: new ZoneIndex([zone]),
    pois: new ZoneIndex([]),
    byId: new Map([[50, zone]]),
  });
  return engine;
}

const item: BufferedItem = {
  companyId: C,
  itemType: 1,
  itemId: 7,
  groupId: 3,
  odometer: { odometerSource: 3, initialMileageKm: 0 },
};

/** A drive east through the zone, a fix a minute; an SOS on the tenth fix. */
const drive: DecodedPosition[] = Array.from({ length: 30 }, (_, i) => ({
  ts: T0 + i * 60_000,
  lat: 40.4,
  lng: -3.72 + i * 0.0015,
  alt: 600,
  spd: 30,
  course: 90,
  satt: 9,
  valid: true,
  src: 1,
  attributes: { ignition: true, ...(i === 10 ? { event: "sos" } : {}) },
}));
const every = new Set(drive.map((p) => p.ts));
const fired = (fires: { ts: number; event: string; rule: { id: number } }[]) =>
  fires.map((f) => `${f.rule.id} ${f.event} ${(f.ts - T0) / 60_000}`);

describe("buffered data", () => {
  it.each([
    ["live and fresh", T0, false, T0 + 60_000, false],
    ["older than the item's newest fix", T0, true, T0, true],
    ["in order but stale on arrival", T0, false, T0 + STALE_MS + 1, true],
    ["just inside the staleness limit", T0, false, T0 + STALE_MS, false],
  ])("%s", (_name, ts, late, now, buffered) => {
    expect(isBuffered(ts, late, now)).toBe(buffered);
  });

  it("judges a drive in device-time order on its own state: zone in and out, the device's SOS, no custom state", () => {
    const live = liveEngine();
    const before = live.snapshot(C);
    const run = newBufferedRun(live.setupOf(C), item);
    const out = stepBuffered(run, item, drive, every);
    expect(fired(out.fires)).toEqual(["2 sos 10", "1 geozoneIn 13", "1 geozoneOut 18"]);
    expect(out.cleared).toEqual([]);
    expect(run.lastTs).toBe(drive.at(-1)!.ts);
    // The live engine's zones and motion did not move.
    expect(live.snapshot(C)).toEqual(before);
  });

  it("records only what fires at the times judged", () => {
    const run = newBufferedRun(liveEngine().setupOf(C), item);
    const judged = new Set(drive.slice(15).map((p) => p.ts));
    expect(fired(stepBuffered(run, item, drive, judged).fires)).toEqual(["1 geozoneOut 18"]);
  });

  it.each([
    ["no run yet: from the lookback", null, T0, true, T0 - BUFFERED_LOOKBACK_MS],
    ["after the run: on from it", T0 - 60_000, T0, false, T0 - 60_000 + 1],
    ["at the run's last time: again", T0, T0, true, T0 - BUFFERED_LOOKBACK_MS],
    ["before the run: again", T0 + 60_000, T0, true, T0 - BUFFERED_LOOKBACK_MS],
  ])("%s", (_name, lastTs, oldest, fresh, from) => {
    const setup = liveEngine().setupOf(C);
    const run = lastTs === null ? null : { ...newBufferedRun(setup, item), lastTs };
    expect(bufferedStart(run, setup, oldest)).toEqual({ fresh, from });
  });

  it("starts again when the rules changed", () => {
    const setup = liveEngine().setupOf(C);
    const run = { ...newBufferedRun(setup, item), lastTs: T0 - 60_000 };
    const reloaded: CompanySetup = { ...setup, rules: [...setup.rules] };
    expect(bufferedStart(run, reloaded, T0).fresh).toBe(true);
  });

  it("property: the drive in any chunks, each stepped on from the run, fires what it fires in one go", () => {
    const setup = liveEngine().setupOf(C);
    const whole = fired(stepBuffered(newBufferedRun(setup, item), item, drive, every).fires);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 29 }), { maxLength: 6 }), (cuts) => {
        const run = newBufferedRun(setup, item);
        const at = [0, ...new Set(cuts)].sort((a, b) => a - b);
        const fires = at.flatMap((start, i) => {
          const chunk = drive.slice(start, at[i + 1] ?? drive.length);
          return stepBuffered(run, item, chunk, new Set(chunk.map((p) => p.ts))).fires;
        });
        expect(fired(fires)).toEqual(whole);
      }),
    );
  });
});
