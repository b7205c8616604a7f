import { EVENT_FAMILY } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { applyPosition, type EngineItem, type LiveBinding, newEngineItem } from "../../live/index.ts";
import { STALE_MS } from "./conditions.ts";
import { AlarmEngine, type CompanySetup } from "./engine.ts";
import type { EngineOutput } from "./types.ts";

/**
 * Alarms on buffered data, pure: records a device uploads late (older than the item's newest fix, or older than
 * the staleness limit when they arrive) are judged in device-time order on an evaluation state of their own, a
 * second `AlarmEngine` per item fed by a live-state engine of its own, so nothing buffered moves live state, the
 * live zones or a running live timer or episode. The shell (`buffered-alarms.ts`) reads the stored positions and
 * records what this returns as notices marked late.
 */

/** A re-evaluation starts this long before the oldest buffered record it judges: zones, timers and episodes
 * that began before it are known again. */
export const BUFFERED_LOOKBACK_MS = 6 * 3_600_000;

/**
 * Families not judged on buffered data: they depend on what is not in the records (the custom state set by
 * users, a month's consumption, the odometer-driven maintenance, a lock armed now, the itinerary of today).
 */
export const NOT_BUFFERED: ReadonlySet<number> = new Set([
  10,
  19,
  EVENT_FAMILY.maintenance,
  EVENT_FAMILY.virtualLock,
  EVENT_FAMILY.itinerary,
]);

/** Whether an applied record is buffered data: live state skipped it, or it was already stale on arrival. */
export const isBuffered = (ts: number, late: boolean, now: number): boolean => late || now - ts > STALE_MS;

export interface BufferedItem {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  groupId: number | null;
  /** The item's odometer settings, as live state applies them. */
  odometer: Pick<LiveBinding, "odometerSource" | "initialMileageKm">;
}

/** One item's evaluation of buffered data: its own alarm engine and live-state engine, and how far they went. */
export interface BufferedRun {
  /** The rules the run was set up with: other rules (a reload) start a new run. */
  readonly rules: CompanySetup["rules"];
  readonly engine: AlarmEngine;
  live: EngineItem;
  /** Device time of the last record stepped, null before any. */
  lastTs: number | null;
}

export function newBufferedRun(setup: CompanySetup, item: BufferedItem): BufferedRun {
  const engine = new AlarmEngine();
  engine.setRules(
    item.companyId,
    setup.rules.filter((r) => !NOT_BUFFERED.has(r.family)),
  );
  engine.setZones(item.companyId, setup.zones);
  engine.setBeaconZones(item.companyId, setup.beaconZones);
  return {
    rules: setup.rules,
    engine,
    live: newEngineItem({ itemType: item.itemType, id: item.itemId, groupId: item.groupId }),
    lastTs: null,
  };
}

/** Where a batch of buffered records is judged from: on from the run, or again from the lookback before them. */
export function bufferedStart(
  run: BufferedRun | null,
  setup: CompanySetup,
  oldest: number,
): { fresh: boolean; from: number } {
  if (run && run.rules === setup.rules && run.lastTs !== null && oldest > run.lastTs)
    return { fresh: false, from: run.lastTs + 1 };
  return { fresh: true, from: oldest - BUFFERED_LOOKBACK_MS };
}

/**
 * Steps the run through stored positions (device-time order, later than the run's last) and returns what fires
 * at the times judged (the buffered records of the batch); what fires elsewhere was judged before, live or in
 * an earlier batch. Episodes that end here only update their notices; nothing clears a live episode. There are no
 * clock ticks on buffered data: an episode's reminders are for live data only.
 */
export function stepBuffered(
  run: BufferedRun,
  item: BufferedItem,
  positions: readonly DecodedPosition[],
  judged: ReadonlySet<number>,
): EngineOutput {
  const out: EngineOutput = { fires: [], cleared: [] };
  for (const position of positions) {
    if (run.lastTs !== null && position.ts <= run.lastTs) continue;
    const before = run.live.state;
    const applied = applyPosition(run.live, { ...position, receivedTs: position.ts }, item.odometer);
    run.live = applied.item;
    run.lastTs = position.ts;
    if (applied.effects.length === 0) continue;
    // Judged as of its own time: a buffered record is never stale to its own evaluation.
    const r = run.engine.onPosition(
      {
        companyId: item.companyId,
        itemType: item.itemType,
        itemId: item.itemId,
        groupId: item.groupId,
        state: run.live.state,
        before,
        position,
      },
      position.ts,
    );
    if (!judged.has(position.ts)) continue;
    out.fires.push(...r.fires);
    if (r.updates) out.updates = [...(out.updates ?? []), ...r.updates];
  }
  return out;
}
