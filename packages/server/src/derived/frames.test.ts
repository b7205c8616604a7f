import { PLACE_KINDS } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newEngineItem } from "../live/index.ts";
import { ZoneIndex } from "../places/index.ts";
import { type Checkpoint, type DeriveItem, type FrameContext, rederivedRows, stepFrame } from "./frames.ts";
import { DEFAULT_IDLE_MIN_MS, type DeriveOutput, emptyDeriveOutput, emptyDeriveState } from "./segments.ts";

/** A parking lot around lng -3.69: the generated drives pass through it. */
const lot = { id: 5, kind: "circle" as const, center: { lat: 40.4, lng: -3.69 }, radiusM: 300 };
const frameContext: FrameContext = {
  cfg: { itemType: 1, itemId: 1, timeZone: "Europe/Madrid", idleMinMs: DEFAULT_IDLE_MIN_MS },
  engineCfg: { odometerSource: 3, initialMileageKm: 1000 },
  zones: {
    places: {
      geozones: new ZoneIndex([lot]),
      pois: new ZoneIndex([]),
      byId: new Map([[lot.id, lot]]),
      meta: new Map(),
      speedLimits: new Map(),
    },
    beacons: null,
  },
  cards: new Map([
    ["CARD1", 71],
    ["CARD2", 72],
  ]),
};

type Segment =
  | { kind: "drive"; fixes: number; spd: number; card: string | null }
  | { kind: "halt"; minutes: number; ignition: boolean }
  | { kind: "silent"; minutes: number };

const segment = fc.oneof(
  fc.record({
    kind: fc.constant("drive" as const),
    fixes: fc.integer({ min: 2, max: 40 }),
    spd: fc.integer({ min: 8, max: 90 }),
    card: fc.constantFrom(null, "CARD1", "card2", "UNKNOWN"),
  }),
  fc.record({
    kind: fc.constant("halt" as const),
    minutes: fc.integer({ min: 1, max: 20 }),
    ignition: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("silent" as const), minutes: fc.integer({ min: 4, max: 900 }) }),
);

/** Starts an hour before local midnight, so drives cross days. */
const START = Date.UTC(2026, 10, 20, 22, 0);

/** A drive's fixes, one every `stepS` seconds, heading east (through the lot) then back. */
export function drivePositions(segments: readonly Segment[], stepS: number): DecodedPosition[] {
  const out: DecodedPosition[] = [];
  let ts = START;
  let lng = -3.7;
  let east = true;
  const fix = (spd: number, attributes: DecodedPosition["attributes"]) =>
    out.push({ ts, lat: 40.4, lng, alt: 600, spd, course: 90, satt: 9, valid: true, src: 1, attributes });
  for (const s of segments) {
    if (s.kind === "drive")
      for (let i = 0; i < s.fixes; i++) {
        ts += stepS * 1000;
        lng += ((east ? 1 : -1) * (s.spd / 3.6) * stepS) / 85_000;
        if (lng > -3.67) east = false;
        if (lng < -3.71) east = true;
        fix(s.spd, i === 0 && s.card ? { ignition: true, driverId: s.card } : { ignition: true });
      }
    else if (s.kind === "halt")
      for (let t = 0; t < s.minutes * 60; t += stepS) {
        ts += stepS * 1000;
        fix(0, { ignition: s.ignition });
      }
    else {
      ts += s.minutes * 60_000;
      fix(0, { ignition: false });
    }
  }
  return out;
}

const drive = fc
  .record({
    segments: fc.array(segment, { minLength: 2, maxLength: 14 }),
    stepS: fc.constantFrom(10, 30, 60),
  })
  .map(({ segments, stepS }) => drivePositions(segments, stepS));

const start = (): DeriveItem => ({
  state: emptyDeriveState(),
  engine: newEngineItem({ itemType: 1, id: 1, groupId: null }),
});

function derive(
  item: DeriveItem,
  positions: readonly DecodedPosition[],
): { item: DeriveItem; out: DeriveOutput; checkpoints: Checkpoint[] } {
  const out = emptyDeriveOutput();
  const checkpoints: Checkpoint[] = [];
  for (const p of positions) {
    const step = stepFrame(frameContext, item, p, out);
    item = step.item;
    if (step.checkpoint) checkpoints.push(step.checkpoint);
  }
  return { item, out, checkpoints };
}

/** What stays stored of a full derivation when it is derived again from `checkpoint` (the rest is deleted). */
function kept(out: DeriveOutput, checkpoint: Checkpoint): DeriveOutput {
  const r = rederivedRows(frameContext.cfg, checkpoint);
  const open = (v: DeriveOutput["visits"][number]) =>
    r.openVisits.some(
      (o) => o.kind === PLACE_KINDS[v.placeKind] && o.placeId === v.placeId && o.startTs === v.startTs,
    );
  return {
    trips: out.trips.filter((t) => t.startTs < r.tripsFrom),
    stops: out.stops.filter((t) => t.startTs < r.stopsFrom),
    idles: out.idles.filter((t) => t.startTs < r.idlesFrom),
    visits: out.visits.filter((v) => v.startTs < r.visitsFrom && !open(v)),
    drivingEvents: out.drivingEvents.filter((e) => e.ts < r.eventsFrom),
    days: out.days.filter((d) => d.dayStartTs < r.daysFrom),
  };
}

/**
 * What the table keeps of rows written in this order: the last row of each key (a stop written up to a day's end
 * is replaced by the same stop closed later).
 */
function stored<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const r of rows) byKey.set(key(r), r);
  return [...byKey.values()];
}

const joined = (a: DeriveOutput, b: DeriveOutput): DeriveOutput => ({
  trips: [...a.trips, ...b.trips].sort((x, y) => x.startTs - y.startTs),
  stops: stored([...a.stops, ...b.stops], (r) => String(r.startTs)).sort((x, y) => x.startTs - y.startTs),
  idles: [...a.idles, ...b.idles].sort((x, y) => x.startTs - y.startTs),
  visits: [...a.visits, ...b.visits].sort((x, y) => x.startTs - y.startTs || x.placeId - y.placeId),
  drivingEvents: [...a.drivingEvents, ...b.drivingEvents].sort((x, y) => x.ts - y.ts),
  days: [...a.days, ...b.days].sort((x, y) => x.dayStartTs - y.dayStartTs),
});

describe("stepFrame", () => {
  it("takes a checkpoint before the first fix of each local day", () => {
    const positions = drivePositions(
      [
        { kind: "drive", fixes: 20, spd: 50, card: null },
        { kind: "silent", minutes: 120 },
        { kind: "drive", fixes: 20, spd: 50, card: null },
      ],
      30,
    );
    const { checkpoints, out } = derive(start(), positions);
    expect(checkpoints.map((c) => c.ts)).toEqual([positions[0]!.ts, positions[20]!.ts]);
    expect(checkpoints[0]!.state.last).toBeNull();
    expect(checkpoints[1]!.state.day?.day).toBe(out.days[0]?.day);
  });

  it("names the driver of a card from the company's cards, upper-cased, and none for an unknown card", () => {
    const positions = drivePositions(
      [
        { kind: "drive", fixes: 5, spd: 50, card: "card2" },
        { kind: "halt", minutes: 5, ignition: false },
        { kind: "drive", fixes: 5, spd: 50, card: "UNKNOWN" },
      ],
      30,
    );
    const { out, item } = derive(start(), positions);
    expect(out.trips[0]?.driverId).toBe(72);
    expect(item.engine.state.driverId).toBeNull();
  });

  it("keeps an in-order position's live driver while no card named one", () => {
    const [first] = drivePositions([{ kind: "drive", fixes: 1, spd: 50, card: null }], 30);
    const out = emptyDeriveOutput();
    expect(stepFrame(frameContext, start(), first!, out, 9).item.engine.state.driverId).toBe(9);
  });

  it("property: deriving again from any checkpoint rewrites exactly the rows it deletes, and ends the same", () => {
    fc.assert(
      fc.property(drive, fc.nat(), (positions, pick) => {
        const full = derive(start(), positions);
        fc.pre(full.checkpoints.length > 0);
        const checkpoint = full.checkpoints[pick % full.checkpoints.length]!;
        const again = derive(
          structuredClone({ state: checkpoint.state, engine: checkpoint.engine }),
          positions.filter((p) => p.ts >= checkpoint.ts),
        );
        expect(joined(kept(full.out, checkpoint), again.out)).toEqual(joined(full.out, emptyDeriveOutput()));
        expect(again.item).toEqual(full.item);
        expect(again.checkpoints).toEqual(full.checkpoints.filter((c) => c.ts >= checkpoint.ts));
      }),
      { numRuns: 150 },
    );
  });
});
