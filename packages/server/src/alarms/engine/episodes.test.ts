import { EPISODE_DEFAULTS, type EpisodeTiming, EVENT_FAMILY, episodeTiming } from "@vigia/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EpisodeEvent, type EpisodeState, elapse, observe } from "./episodes.ts";

const S = 1000;
const SPEEDING: EpisodeTiming = { confirmMs: 10 * S, confirmFixes: null, releaseMs: 30 * S, repeatMs: null };
const PRESENCE: EpisodeTiming = { confirmMs: 30 * S, confirmFixes: 2, releaseMs: 60 * S, repeatMs: null };

/** A fix `[seconds, holds, value]`, or a tick `[seconds]`. */
type Step = [number, boolean, number] | [number];

function run(
  steps: readonly Step[],
  t: EpisodeTiming,
  start: EpisodeState | null = null,
  heldAtStart = false,
) {
  let state = start;
  const events: EpisodeEvent[] = [];
  let before = heldAtStart;
  for (const s of steps) {
    const step =
      s.length === 1
        ? elapse(state, s[0] * S, t)
        : observe(state, { ts: s[0] * S, holds: s[1], value: s[2], heldBefore: before && state === null }, t);
    if (s.length === 3) before = s[1];
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

const brief = (events: EpisodeEvent[]) =>
  events.map((e) => (e.kind === "peak" ? `peak ${e.peak}` : `${e.kind}@${"ts" in e ? e.ts / S : ""}`));

describe("the family timings", () => {
  it.each([
    [
      EVENT_FAMILY.speeding,
      undefined,
      { confirmMs: 10 * S, confirmFixes: null, releaseMs: 30 * S, repeatMs: null },
    ],
    [5, undefined, PRESENCE],
    [EVENT_FAMILY.beaconZoneEntry, undefined, PRESENCE],
    [
      EVENT_FAMILY.speeding,
      { confirmSec: 0, releaseSec: 5, repeatMin: 10 },
      { confirmMs: 0, confirmFixes: null, releaseMs: 5 * S, repeatMs: 600 * S },
    ],
    [6, { confirmSec: null, releaseSec: null, repeatMin: null }, PRESENCE],
  ])("family %i with %j", (family, settings, expected) => {
    expect(episodeTiming(family, settings)).toEqual(expected);
  });

  it("families without episodes have no timing", () => {
    expect(episodeTiming(EVENT_FAMILY.sos, undefined)).toBeNull();
    expect(EPISODE_DEFAULTS.has(11)).toBe(false);
  });
});

describe("one episode", () => {
  it.each<{ name: string; t?: EpisodeTiming; steps: Step[]; events: string[]; heldAtStart?: boolean }>([
    {
      name: "speeding held 10 s opens once, at the fix that confirms it",
      steps: [
        [0, true, 40],
        [5, true, 45],
        [10, true, 42],
        [15, true, 41],
      ],
      events: ["open@10"],
    },
    {
      name: "an instant over the limit is no excess",
      steps: [
        [0, true, 60],
        [5, false, 20],
        [10, true, 60],
        [15, false, 20],
      ],
      events: [],
    },
    {
      name: "dipping under the limit for less than the release keeps the episode",
      steps: [
        [0, true, 40],
        [10, true, 40],
        [15, false, 28],
        [25, true, 50],
        [30, false, 20],
        [55, false, 20],
        [60, false, 20],
      ],
      events: ["open@10", "peak 50", "close@60"],
    },
    {
      name: "the tick ends an episode the fixes stopped confirming",
      steps: [[0, true, 40], [10, true, 40], [20, false, 0], [45], [50]],
      events: ["open@10", "close@50"],
    },
    {
      name: "two fixes inside confirm presence however close together",
      t: PRESENCE,
      steps: [
        [0, true, 0],
        [5, true, 0],
      ],
      events: ["open@5"],
    },
    {
      name: "one fix inside (a jump) then out confirms nothing",
      t: PRESENCE,
      steps: [
        [0, true, 0],
        [5, false, 0],
        [100, true, 0],
        [105, false, 0],
      ],
      events: [],
    },
    {
      name: "held before anyone watched (a rule made while speeding): no notice, but its end is known",
      heldAtStart: true,
      steps: [
        [0, true, 40],
        [15, true, 60],
        [30, false, 0],
        [70, false, 0],
        [75, true, 50],
      ],
      events: ["close@70"],
    },
    {
      name: "a reminder every repeat interval while it lasts, counted from the last notice",
      t: { ...SPEEDING, repeatMs: 60 * S },
      steps: [
        [0, true, 40],
        [10, true, 40],
        [50, true, 40],
        [70],
        [100, true, 40],
        [130],
        [140, false, 0],
        [200],
      ],
      events: ["open@10", "repeat@70", "repeat@130", "close@200"],
    },
  ])("$name", ({ t = SPEEDING, steps, events, heldAtStart }) => {
    expect(brief(run(steps, t, null, heldAtStart).events)).toEqual(events);
  });

  it("the close names the start, the end (the first fix it no longer held) and the peak", () => {
    const { events, state } = run(
      [
        [0, true, 40],
        [10, true, 55],
        [20, false, 0],
        [25, false, 0],
        [50, false, 0],
      ],
      SPEEDING,
    );
    expect(events.at(-1)).toEqual({
      kind: "close",
      noticeTs: 10 * S,
      start: 0,
      end: 20 * S,
      ts: 50 * S,
      peak: 55,
    });
    expect(state).toBeNull();
  });

  it("an episode on before anyone watched ends without naming a notice", () => {
    const silent: EpisodeState = {
      phase: "active",
      start: 0,
      noticeTs: null,
      lastNotice: 0,
      peak: 40,
      falseSince: null,
    };
    const { events } = run([[5, false, 0], [35]], SPEEDING, silent);
    expect(events).toEqual([{ kind: "close", noticeTs: null, start: 0, end: 5 * S, ts: 35 * S, peak: 40 }]);
  });
});

/** A track: fixes at increasing times, 1 to 20 s apart, the condition flipping as it likes. */
const track = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.boolean(), fc.integer({ min: 0, max: 200 })), {
    minLength: 1,
    maxLength: 80,
  })
  .map((raw) => {
    let ts = 0;
    return raw.map(([gap, holds, value]): [number, boolean, number] => {
      ts += gap;
      return [ts, holds, value];
    });
  });
const timing = fc.record({
  confirmMs: fc.integer({ min: 0, max: 60 }).map((s) => s * S),
  confirmFixes: fc.option(fc.integer({ min: 1, max: 4 })),
  releaseMs: fc.integer({ min: 0, max: 120 }).map((s) => s * S),
  repeatMs: fc.constant(null),
});

describe("any track", () => {
  it("opens and closes alternate: never two notices for one episode", () => {
    fc.assert(
      fc.property(track, timing, (steps, t) => {
        const opens = run(steps, t)
          .events.filter((e) => e.kind === "open" || e.kind === "close")
          .map((e) => e.kind);
        for (let i = 1; i < opens.length; i++) expect(opens[i]).not.toBe(opens[i - 1]);
        if (opens.length > 0) expect(opens[0]).toBe("open");
      }),
    );
  });

  it("a jumpy track, never two fixes in a row inside, confirms no presence inside the confirmation time", () => {
    const jumpy = track.map((steps) =>
      steps.map(([ts, holds, v], i): [number, boolean, number] => [ts, holds && i % 2 === 0, v]),
    );
    fc.assert(
      fc.property(jumpy, (steps) => {
        // Presence is confirmed by a second fix or 30 s: a lone fix inside, followed by one outside, never is.
        expect(brief(run(steps, PRESENCE).events)).toEqual([]);
      }),
    );
  });

  it("a path hugging the boundary, out for less than the release each time, raises at most one notice", () => {
    const hugging = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 15 }), fc.integer({ min: 1, max: 10 })), { maxLength: 40 })
      .map((runs) => {
        // Stretches inside of 1-15 fixes alternating with stretches outside shorter than the release.
        const steps: [number, boolean, number][] = [
          [0, true, 0],
          [5, true, 0],
        ];
        let ts = 5;
        for (const [inside, outside] of runs) {
          for (let i = 0; i < outside && i * 5 < 55; i++) {
            ts += 5;
            steps.push([ts, false, 0]);
          }
          for (let i = 0; i < inside; i++) {
            ts += 5;
            steps.push([ts, true, 0]);
          }
        }
        return steps;
      });
    fc.assert(
      fc.property(hugging, (steps) => {
        const events = run(steps, PRESENCE).events;
        expect(events.filter((e) => e.kind === "open")).toHaveLength(1);
        expect(events.filter((e) => e.kind === "close")).toHaveLength(0);
      }),
    );
  });

  it("every notice follows the condition holding for the confirmation time or fixes", () => {
    fc.assert(
      fc.property(track, timing, (steps, t) => {
        for (const e of run(steps, t).events) {
          if (e.kind !== "open") continue;
          const held = steps.filter(([ts]) => ts * S >= e.start && ts * S <= e.ts);
          expect(held.every(([, holds]) => holds)).toBe(true);
          const enough =
            e.ts - e.start >= t.confirmMs || (t.confirmFixes !== null && held.length >= t.confirmFixes);
          expect(enough).toBe(true);
        }
      }),
    );
  });
});
