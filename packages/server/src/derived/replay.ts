import { ITEM_TYPE } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { PartitionManager } from "../ingest/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { type EngineItem, newEngineItem } from "../live/index.ts";
import { type Checkpoint, type DeriveItem, type FrameContext, rederivedRows, stepFrame } from "./frames.ts";
import { loadDeriveZones } from "./load-zones.ts";
import { DEFAULT_IDLE_MIN_MS, dayRow, emptyDeriveOutput, emptyDeriveState } from "./segments.ts";
import {
  type CompanyRows,
  ensurePartitionsFor,
  writeCheckpoints,
  writeDerivedRows,
  writeStates,
} from "./store.ts";
import { readCompanyTimeZone } from "./time-zones.ts";

/**
 * Re-derivation of one item from a time on, the one path every late position takes (and an operator's repair):
 * the item's derivation restarts from its last checkpoint at or before that time, the rows that derivation will
 * write again are deleted, and the stored positions are replayed in device-time order through `stepFrame`, as if
 * they had arrived in order. Idempotent: running it twice leaves the same rows.
 */
const CHUNK = 20_000;

interface PositionRow {
  ts: number;
  lat: number;
  lng: number;
  alt: number;
  spd: number;
  course: number;
  satt: number;
  valid: boolean;
  src: number;
  attributes: DecodedPosition["attributes"] | null;
}

export const positionOf = (r: PositionRow): DecodedPosition => ({
  ts: Number(r.ts),
  lat: Number(r.lat),
  lng: Number(r.lng),
  alt: Number(r.alt),
  spd: Number(r.spd),
  course: Number(r.course),
  satt: Number(r.satt),
  valid: Boolean(r.valid),
  src: Number(r.src) as DecodedPosition["src"],
  attributes: r.attributes ?? {},
});

/** One item's stored positions in [from, to), oldest first, read in chunks. */
export async function* itemPositions(
  db: Queryable,
  companyId: number,
  item: { itemType: number; itemId: number },
  from: number,
  to: number,
): AsyncGenerator<DecodedPosition[]> {
  let cursor = from - 1;
  for (;;) {
    const rows = await db.query<PositionRow>(
      `select ts, lat, lng, alt, spd, course, satt, valid, src, attributes from positions
       where company_id = $1 and item_type = $2 and item_id = $3 and ts > $4 and ts < $5
       order by ts limit ${CHUNK}`,
      [companyId, item.itemType, item.itemId, cursor, to],
    );
    if (rows.length > 0) yield rows.map(positionOf);
    if (rows.length < CHUNK) return;
    cursor = Number(rows[rows.length - 1]!.ts);
  }
}

/** The company's driver identifiers (iButton, tachograph card, beacon; upper case) → driver id. */
export async function driverCards(db: Queryable, companyId: number): Promise<Map<string, number>> {
  const rows = await db.query<{
    id: number;
    ibutton: string | null;
    tachograph_card: string | null;
    beacon: string | null;
  }>("select id, ibutton, tachograph_card, beacon from drivers where company_id = $1 order by id desc", [
    companyId,
  ]);
  const cards = new Map<string, number>();
  for (const r of rows)
    for (const card of [r.ibutton, r.tachograph_card, r.beacon])
      if (card) cards.set(card.toUpperCase(), Number(r.id));
  return cards;
}

/** Before any position: a fresh engine and state. */
export const startItem = (fc: FrameContext): DeriveItem => ({
  state: emptyDeriveState(),
  engine: newEngineItem({ itemType: fc.cfg.itemType, id: fc.cfg.itemId, groupId: null }),
});

/** Deletes the rows a derivation restarted at `from` writes again (`rederivedRows`), and the later checkpoints. */
async function deleteRederived(db: Queryable, companyId: number, fc: FrameContext, from: Checkpoint | null) {
  const key = [companyId, fc.cfg.itemType, fc.cfg.itemId];
  const r = rederivedRows(fc.cfg, from);
  const where = "company_id = $1 and item_type = $2 and item_id = $3";
  await db.query(`delete from item_trips where ${where} and start_ts >= $4`, [...key, r.tripsFrom]);
  await db.query(`delete from item_stops where ${where} and start_ts >= $4`, [...key, r.stopsFrom]);
  await db.query(`delete from item_idles where ${where} and start_ts >= $4`, [...key, r.idlesFrom]);
  await db.query(`delete from item_visits where ${where} and start_ts >= $4`, [...key, r.visitsFrom]);
  for (const v of r.openVisits)
    await db.query(
      `delete from item_visits where ${where} and place_kind = $4 and place_id = $5 and start_ts = $6`,
      [...key, v.kind, v.placeId, v.startTs],
    );
  await db.query(`delete from item_driving_events where ${where} and ts >= $4`, [...key, r.eventsFrom]);
  await db.query(`delete from item_days where ${where} and day_start_ts >= $4`, [...key, r.daysFrom]);
  await db.query(
    "delete from derived_checkpoints where item_type = $1 and item_id = $2 and (company_id <> $3 or ts > $4)",
    [fc.cfg.itemType, fc.cfg.itemId, companyId, from?.ts ?? Number.MIN_SAFE_INTEGER],
  );
}

export interface Rederived {
  item: DeriveItem;
  positions: number;
  /** Times of the positions replayed: the same positions reaching the processor afterwards are no news. */
  replayed: Set<number>;
}

/**
 * Re-derives one item of a company from `from` on (up to its newest position) and stores the rows, the
 * checkpoints and the final state together. Drivers come from the cards and beacons in the positions (a driver
 * assigned by hand is not in them).
 */
export async function rederiveItem(
  ctx: Pick<KernelContext, "db" | "clock">,
  partitions: PartitionManager,
  companyId: number,
  fc: FrameContext,
  from: number,
): Promise<Rederived> {
  const { db } = ctx;
  const rows = await db.query<{ ts: number; state: Checkpoint["state"]; engine: EngineItem }>(
    `select ts, state, engine from derived_checkpoints
     where item_type = $1 and item_id = $2 and company_id = $3 and ts <= $4 order by ts desc limit 1`,
    [fc.cfg.itemType, fc.cfg.itemId, companyId, from],
  );
  const row = rows[0];
  const checkpoint: Checkpoint | null = row
    ? { ts: Number(row.ts), state: row.state, engine: row.engine }
    : null;
  let item: DeriveItem = checkpoint
    ? { state: structuredClone(checkpoint.state), engine: checkpoint.engine }
    : startItem(fc);
  const out = emptyDeriveOutput();
  const checkpoints: Checkpoint[] = [];
  const replayed = new Set<number>();
  const start = checkpoint?.ts ?? Number.MIN_SAFE_INTEGER;
  for await (const chunk of itemPositions(db, companyId, fc.cfg, start, Number.MAX_SAFE_INTEGER))
    for (const position of chunk) {
      replayed.add(position.ts);
      const step = stepFrame(fc, item, position, out);
      item = step.item;
      if (step.checkpoint) checkpoints.push(step.checkpoint);
    }
  const written: CompanyRows = {
    companyId,
    out,
    openDays: item.state.day ? [dayRow(fc.cfg, item.state.day)] : [],
  };
  await ensurePartitionsFor(db, partitions, written);
  await db.transaction(async (tx) => {
    await deleteRederived(tx, companyId, fc, checkpoint);
    await writeDerivedRows(tx, written);
    await writeCheckpoints(tx, companyId, fc.cfg, checkpoints);
    await writeStates(
      tx,
      [
        {
          companyId,
          itemType: fc.cfg.itemType,
          itemId: fc.cfg.itemId,
          state: item.state,
          engine: item.engine,
        },
      ],
      ctx.clock.now(),
    );
  });
  return { item, positions: replayed.size, replayed };
}

/**
 * An operator's repair of one item: re-derives it from the checkpoint at or before `from` to its newest position,
 * with its company's time zone, places, driver cards and odometer settings read from the database.
 */
export async function rederiveStoredItem(
  ctx: Pick<KernelContext, "db" | "clock">,
  partitions: PartitionManager,
  companyId: number,
  item: { itemType: 1 | 2 | 3; itemId: number },
  from: number,
): Promise<{ positions: number }> {
  const { db } = ctx;
  const vehicle =
    item.itemType === ITEM_TYPE.vehicle
      ? await db.query<{ odometer_source: number | null; initial_mileage: number | null }>(
          "select odometer_source, initial_mileage from vehicles where id = $1 and company_id = $2",
          [item.itemId, companyId],
        )
      : [];
  const fc: FrameContext = {
    cfg: {
      ...item,
      timeZone: await readCompanyTimeZone(db, companyId),
      idleMinMs: DEFAULT_IDLE_MIN_MS,
    },
    engineCfg: {
      odometerSource: Number(vehicle[0]?.odometer_source ?? 3),
      initialMileageKm: Number(vehicle[0]?.initial_mileage ?? 0),
    },
    zones: await loadDeriveZones(ctx, companyId),
    cards: await driverCards(db, companyId),
  };
  const done = await rederiveItem(ctx, partitions, companyId, fc, from);
  return { positions: done.positions };
}
