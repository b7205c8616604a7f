import { type AlarmRule, EVENT_FAMILY, emptyAlarmRule } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { type EpisodeView, speedLimitOf, stepEpisodes, type ZonePresence } from "./episode-families.ts";
import type { EpisodeState } from "./episodes.ts";
import { type CompiledRule, compileRule } from "./rules.ts";

const S = 1000;

function compiled(family: number, value: number, patch: Partial<AlarmRule["info"]> = {}): CompiledRule {
  const r = emptyAlarmRule();
  r.items.vehicleIds = [7];
  r.info = { ...r.info, name: "r", priority: 1, family, value, ...patch };
  const rule = compileRule(1, { ...r, id: 9, createdTs: 0, updatedTs: 0 }, (g) => [g]);
  if (!rule) throw new Error("rule not compiled");
  return rule;
}

const nowhere: ZonePresence = { inside: new Set(), entered: [] };
const view = (over: Partial<EpisodeView>): EpisodeView => ({
  spd: 0,
  beforeSpd: 0,
  zoneLimit: null,
  geo: nowhere,
  poi: nowhere,
  beacon: nowhere,
  ...over,
});

/** Feeds positions `[seconds, view]` (or ticks `[seconds]`) to one rule; lists notices and updates. */
function drive(rule: CompiledRule, steps: ([number, Partial<EpisodeView>] | [number])[]) {
  const runs = new Map<number, EpisodeState>();
  const seen: string[] = [];
  for (const s of steps) {
    const o =
      s.length === 1
        ? stepEpisodes(rule, runs, { now: s[0] * S, remind: true })
        : stepEpisodes(rule, runs, { view: view(s[1]), ts: s[0] * S });
    for (const f of o.fires) seen.push(`${f.event}@${f.ts / S} ${JSON.stringify(f.params)}`);
    for (const u of o.updates) seen.push(`update ${u.noticeTs / S} end ${u.end === null ? "-" : u.end / S}`);
  }
  return seen;
}

describe("speedLimitOf", () => {
  it.each([
    [90, null, 90],
    [90, 50, 90],
    [0, 50, 50],
    [0, null, null],
  ])("value %s, zone limit %s → %s", (value, zone, limit) => {
    expect(speedLimitOf(value, zone)).toBe(limit);
  });
});

describe("speeding", () => {
  const rule = compiled(EVENT_FAMILY.speeding, 30);
  it("one notice per excess, updated with the peak and the end instead of repeated", () => {
    expect(
      drive(rule, [
        [0, { spd: 35 }],
        [5, { spd: 38, beforeSpd: 35 }],
        [10, { spd: 36, beforeSpd: 38 }],
        [15, { spd: 52, beforeSpd: 36 }],
        [20, { spd: 25, beforeSpd: 52 }],
        [25, { spd: 33, beforeSpd: 25 }],
        [30, { spd: 20, beforeSpd: 33 }],
        [60, { spd: 20 }],
      ]),
    ).toEqual(['speeding@10 {"speed":38,"limit":30}', "update 10 end -", "update 10 end 30"]);
  });

  it("uses the zone's limit when the value is 0, and none outside limited zones", () => {
    const zone = compiled(EVENT_FAMILY.speeding, 0);
    expect(
      drive(zone, [
        [0, { spd: 155 }],
        [20, { spd: 155, beforeSpd: 155 }],
        [30, { spd: 55, zoneLimit: 50 }],
        [40, { spd: 55, beforeSpd: 55, zoneLimit: 50 }],
      ]),
    ).toEqual(['speeding@40 {"speed":55,"limit":50}']);
  });

  it("reminds every N minutes when the rule asks, from the scheduler's tick too", () => {
    const repeat = compiled(EVENT_FAMILY.speeding, 30, {
      episode: { confirmSec: 0, releaseSec: 30, repeatMin: 1 },
    });
    expect(
      drive(repeat, [[0, { spd: 40 }], [30, { spd: 40, beforeSpd: 40 }], [60], [90, { spd: 40 }]]),
    ).toEqual(['speeding@0 {"speed":40,"limit":30}', 'speeding@60 {"speed":40,"limit":30}']);
  });
});

describe("zone presence", () => {
  const at = (ids: number[], entered: number[] = []): ZonePresence => ({ inside: new Set(ids), entered });
  it.each([
    {
      name: "geozone entry confirmed by a second fix; exit after the release",
      rule: compiled(5, 0, { geozones: { geozoneIds: [50], toIn: true, toOut: true } }),
      steps: [
        [0, { geo: at([50], [50]) }],
        [5, { geo: at([50]) }],
        [10, { geo: at([]) }],
        [80, { geo: at([]) }],
      ] as [number, Partial<EpisodeView>][],
      seen: ['geozoneIn@5 {"zoneId":50}', 'geozoneOut@80 {"zoneId":50}', "update 5 end 10"],
    },
    {
      name: "a zone the rule does not name is not watched",
      rule: compiled(5, 0, { geozones: { geozoneIds: [51], toIn: true, toOut: true } }),
      steps: [
        [0, { geo: at([50], [50]) }],
        [5, { geo: at([50]) }],
      ] as [number, Partial<EpisodeView>][],
      seen: [],
    },
    {
      name: "POI exit only: nothing on entry, the exit once",
      rule: compiled(6, 0, { pois: { poiIds: [8], toIn: false, toOut: true } }),
      steps: [
        [0, { poi: at([8], [8]) }],
        [5, { poi: at([8]) }],
        [10, { poi: at([]) }],
        [70, { poi: at([]) }],
      ] as [number, Partial<EpisodeView>][],
      seen: ['poiOut@70 {"zoneId":8}'],
    },
    {
      name: "beacon zone entry, any zone (value 0): each zone its own episode",
      rule: compiled(EVENT_FAMILY.beaconZoneEntry, 0),
      steps: [
        [0, { beacon: at([1, 3], [1, 3]) }],
        [5, { beacon: at([1]) }],
        [10, { beacon: at([1]) }],
      ] as [number, Partial<EpisodeView>][],
      seen: ['beaconZoneIn@5 {"beaconZoneId":1}'],
    },
    {
      name: "beacon zone exit of one zone: a flicker out and back is no exit",
      rule: compiled(EVENT_FAMILY.beaconZoneExit, 2),
      steps: [
        [0, { beacon: at([2], [2]) }],
        [5, { beacon: at([2]) }],
        [10, { beacon: at([]) }],
        [15, { beacon: at([2], [2]) }],
        [20, { beacon: at([5], [5]) }],
        [85, { beacon: at([5]) }],
      ] as [number, Partial<EpisodeView>][],
      seen: ['beaconZoneOut@85 {"beaconZoneId":2}'],
    },
  ])("$name", ({ rule, steps, seen }) => {
    expect(drive(rule, steps)).toEqual(seen);
  });
});
