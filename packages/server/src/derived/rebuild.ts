import { DAY_MS, ITEM_TYPE } from "@vigia/domain";
import { markChangedDays, type PartitionManager } from "../ingest/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { type EngineItem, newEngineItem } from "../live/index.ts";
import { type Checkpoint, type DeriveItem, type FrameContext, stepFrame } from "./frames.ts";
import { loadDeriveZones } from "./load-zones.ts";
import { driverCards, itemPositions } from "./replay.ts";
import {
  DEFAULT_IDLE_MIN_MS,
  type DeriveConfig,
  type DeriveOutput,
  dayRow,
  emptyDeriveOutput,
  emptyDeriveState,
} from "./segments.ts";
import {
  type CompanyRows,
  deleteDerivedRows,
  ensurePartitionsFor,
  writeCheckpoints,
  writeDerivedRows,
  writeStates,
} from "./store.ts";
import { readCompanyTimeZone } from "./time-zones.ts";

/**
 * `vigia rebuild-derived`: derives one company's history for a period again from its stored positions, through
 * the same live-state engine and segmentation the processor uses, and replaces the period's rows (idempotent).
 *
 * - Each item starts afresh at `from` (counters seeded from its last day row before it) and is followed up to
 *   LOOKAHEAD_MS past `to`, so a trip that starts before `to` and ends after it is complete; only rows that start
 *   in [from, to) are written.
 * - An item whose positions all lie before `to + LOOKAHEAD_MS` leaves its final state in derived_state, so the
 *   processor continues from it (restart a running server afterwards: it keeps its own copy in memory).
 * - Drivers come from the cards (iButton, tachograph card, beacon) the positions carry, resolved like live state.
 */
const LOOKAHEAD_MS = DAY_MS;

export interface RebuildOptions {
  companyId: number;
  from: number;
  to: number;
  /** Leave items' final states for the processor (default true); the demo history keeps the live ones. */
  keepState?: boolean;
  /** Called after each item with items done, items in all, positions read so far. */
  progress?: (done: number, total: number, positions: number) => void;
}

export async function rebuildDerived(
  ctx: Pick<KernelContext, "db" | "clock">,
  partitions: PartitionManager,
  options: RebuildOptions,
): Promise<{ items: number; positions: number }> {
  const { db } = ctx;
  const { companyId, from, to } = options;
  const items = await db.query<{ item_type: 1 | 2 | 3; item_id: number }>(
    `select distinct item_type, item_id from positions
     where company_id = $1 and ts >= $2 and ts < $3 and item_id is not null and item_type between 1 and 3
     order by 1, 2`,
    [companyId, from, to],
  );
  const timeZone = await readCompanyTimeZone(db, companyId);
  const zones = await loadDeriveZones(ctx, companyId);
  const cards = await driverCards(db, companyId);
  await deleteDerivedRows(db, companyId, from, to, null);
  let positions = 0;
  let done = 0;
  for (const row of items) {
    const itemType = Number(row.item_type) as 1 | 2 | 3;
    const itemId = Number(row.item_id);
    const cfg: DeriveConfig = { itemType, itemId, timeZone, idleMinMs: DEFAULT_IDLE_MIN_MS };
    const engineCfg = await odometerConfig(ctx, itemType, itemId);
    const fresh = newEngineItem({ itemType, id: itemId, groupId: null });
    const engine = await seedCounters(ctx, companyId, cfg, from, fresh, engineCfg.initialMileageKm);
    const state = emptyDeriveState();
    const out = emptyDeriveOutput();
    const fc: FrameContext = { cfg, engineCfg, zones, cards };
    let item: DeriveItem = { state, engine };
    const checkpoints: Checkpoint[] = [];
    let reachedEnd = true;
    for await (const chunk of itemPositions(db, companyId, cfg, from, to + LOOKAHEAD_MS))
      for (const position of chunk) {
        const step = stepFrame(fc, item, position, out);
        item = step.item;
        if (step.checkpoint && step.checkpoint.ts < to) checkpoints.push(step.checkpoint);
        positions += 1;
      }
    const later = await db.query(
      "select 1 from positions where company_id = $1 and item_type = $2 and item_id = $3 and ts >= $4 limit 1",
      [companyId, itemType, itemId, to + LOOKAHEAD_MS],
    );
    reachedEnd = later.length === 0;
    const rows: CompanyRows = {
      companyId,
      out: within(out, from, to),
      openDays:
        item.state.day && item.state.day.dayStartTs >= from && item.state.day.dayStartTs < to
          ? [dayRow(cfg, item.state.day)]
          : [],
    };
    await ensurePartitionsFor(db, partitions, rows);
    await db.transaction(async (tx) => {
      await writeDerivedRows(tx, rows);
      await writeCheckpoints(tx, companyId, cfg, checkpoints);
      if (reachedEnd && options.keepState !== false)
        await writeStates(
          tx,
          [{ companyId, itemType, itemId, state: item.state, engine: item.engine }],
          ctx.clock.now(),
        );
    });
    done += 1;
    options.progress?.(done, items.length, positions);
  }
  // Whatever was kept per closed day of the period (heat-map cells) is built again from the positions as they are.
  const changed: { companyId: number; ts: number }[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS)
    changed.push({ companyId, ts: day });
  await markChangedDays(db, changed, ctx.clock.now());
  return { items: items.length, positions };
}

function within(out: DeriveOutput, from: number, to: number): DeriveOutput {
  const inRange = (ts: number) => ts >= from && ts < to;
  return {
    trips: out.trips.filter((r) => inRange(r.startTs)),
    stops: out.stops.filter((r) => inRange(r.startTs)),
    idles: out.idles.filter((r) => inRange(r.startTs)),
    visits: out.visits.filter((r) => inRange(r.startTs)),
    drivingEvents: out.drivingEvents.filter((r) => inRange(r.ts)),
    days: out.days.filter((r) => inRange(r.dayStartTs)),
  };
}

async function odometerConfig(
  ctx: Pick<KernelContext, "db">,
  itemType: number,
  itemId: number,
): Promise<{ odometerSource: number; initialMileageKm: number }> {
  if (itemType !== ITEM_TYPE.vehicle) return { odometerSource: 3, initialMileageKm: 0 };
  const rows = await ctx.db.query<{ odometer_source: number | null; initial_mileage: number | null }>(
    "select odometer_source, initial_mileage from vehicles where id = $1",
    [itemId],
  );
  return {
    odometerSource: Number(rows[0]?.odometer_source ?? 3),
    initialMileageKm: Number(rows[0]?.initial_mileage ?? 0),
  };
}

/** Odometer and hour meter where the item's last day before `from` ended, so counters continue. */
async function seedCounters(
  ctx: Pick<KernelContext, "db">,
  companyId: number,
  cfg: DeriveConfig,
  from: number,
  engine: EngineItem,
  initialMileageKm: number,
): Promise<EngineItem> {
  const rows = await ctx.db.query<{ odometer_end: number; hours_end: number }>(
    `select odometer_end, hours_end from item_days
     where company_id = $1 and item_type = $2 and item_id = $3 and day_start_ts < $4
     order by day_start_ts desc limit 1`,
    [companyId, cfg.itemType, cfg.itemId, from],
  );
  const row = rows[0];
  if (!row) return engine;
  const odometer = Number(row.odometer_end);
  return {
    ...engine,
    travelledM: Math.max(0, odometer - initialMileageKm * 1000),
    state: { ...engine.state, odometer, hours: Number(row.hours_end) },
  };
}
