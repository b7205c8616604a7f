import { ITEM_TYPE } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import { applyPosition, type EngineItem } from "../live/index.ts";
import { localDayOf } from "./local-day.ts";
import { type DeriveZones, deriveFrame, usableFix } from "./points.ts";
import type { DeriveConfig, DeriveOutput, DeriveState } from "./segments.ts";

/**
 * One item's derivation as a pure function of its positions in device-time order: its own copy of the live-state
 * engine (counters, ignition, driver, last fix) and the segmentation state. Live state keeps the newest fix and
 * never goes back, so history cannot take its counters from live state: a buffered day would find the odometer
 * of today. The processor, a re-derivation after a late position and `vigia rebuild-derived` all step through
 * here, so every delivery order ends in the same rows.
 */
export interface DeriveItem {
  state: DeriveState;
  engine: EngineItem;
}

/** What stepping an item needs besides the item: its configuration, the company's zones and driver cards. */
export interface FrameContext {
  cfg: DeriveConfig;
  engineCfg: { odometerSource: number; initialMileageKm: number };
  zones: DeriveZones;
  /** Driver identifiers (iButton, tachograph card, beacon, upper case) → driver id. */
  cards: ReadonlyMap<string, number>;
}

/** The item's derivation before the first fix of a local day: where a re-derivation can start again. */
export interface Checkpoint {
  ts: number;
  state: DeriveState;
  engine: EngineItem;
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * Which stored rows a derivation restarted at `checkpoint` writes again (so they are deleted first): rows starting
 * at or after its time, and the rows it holds open (the trip, stop, idle and visits under way, the local day),
 * which close later. No checkpoint: every row of the item.
 */
export interface RederivedRows {
  tripsFrom: number;
  stopsFrom: number;
  idlesFrom: number;
  visitsFrom: number;
  openVisits: { kind: number; placeId: number; startTs: number }[];
  eventsFrom: number;
  daysFrom: number;
}

export function rederivedRows(cfg: DeriveConfig, checkpoint: Checkpoint | null): RederivedRows {
  const at = checkpoint?.ts ?? Number.MIN_SAFE_INTEGER;
  const s = checkpoint?.state;
  const since = (open: number | undefined) => Math.min(at, open ?? at);
  return {
    tripsFrom: since(s?.trip?.startTs),
    // A reporting gap makes a stop that starts at the point before it.
    stopsFrom: Math.min(since(s?.stop?.startTs), s?.last?.ts ?? at),
    idlesFrom: since(s?.idle?.startTs),
    visitsFrom: at,
    openVisits: Object.entries(s?.visits ?? {}).map(([key, v]) => ({
      kind: v.kind,
      placeId: Number(key.replace(/^b/, "")),
      startTs: v.startTs,
    })),
    eventsFrom: at,
    // A checkpoint comes before a fix that opens a local day: that day's row is written again, and the day open
    // before it, which that fix closes.
    daysFrom: s?.day ? s.day.dayStartTs : checkpoint ? localDayOf(at, cfg.timeZone).startTs : at,
  };
}

/** Whether a fix at `ts` starts a new local day of the segmentation (or its very first). */
export function opensDay(state: DeriveState, ts: number): boolean {
  const day = state.day;
  return day === null || ts >= day.endTs || ts < day.dayStartTs;
}

/** The time up to which the item has been derived (any frame, fix or not); null before its first. */
export const derivedUpTo = (item: DeriveItem): number | null => item.engine.lastTs;

/**
 * Advances the item by one position (newer than `derivedUpTo`), appending closed rows to `out`. A checkpoint is
 * taken before a fix that opens a local day. `liveDriverId`: the driver live state had for an in-order position,
 * used while no card or beacon named one (a driver assigned by hand is not in the positions).
 */
export function stepFrame(
  fc: FrameContext,
  item: DeriveItem,
  position: DecodedPosition,
  out: DeriveOutput,
  liveDriverId?: number | null,
): { item: DeriveItem; checkpoint: Checkpoint | null; derived: boolean } {
  const checkpoint =
    usableFix(position) && opensDay(item.state, position.ts)
      ? { ts: position.ts, state: clone(item.state), engine: clone(item.engine) }
      : null;
  const applied = applyPosition(item.engine, { ...position, receivedTs: position.ts }, fc.engineCfg);
  let engine = applied.item;
  let named = false;
  for (const e of applied.effects)
    if (e.kind === "driverCard") {
      named = true;
      engine = {
        ...engine,
        state: { ...engine.state, driverId: fc.cards.get(e.card.toUpperCase()) ?? null },
      };
    } else if (e.kind === "driverBeacons" && fc.cfg.itemType === ITEM_TYPE.vehicle) {
      // As live state does: the strongest heard driver's beacon; none heard keeps the driver.
      const heard = e.ids.map((id) => fc.cards.get(id.toUpperCase())).find((id) => id !== undefined);
      if (heard !== undefined) {
        named = true;
        engine = { ...engine, state: { ...engine.state, driverId: heard } };
      }
    }
  if (!named && liveDriverId !== undefined && engine.state.driverId === null && liveDriverId !== null)
    engine = { ...engine, state: { ...engine.state, driverId: liveDriverId } };
  const state = item.state;
  const derived = deriveFrame(
    fc.cfg,
    state,
    { position, after: engine.state, effects: applied.effects },
    fc.zones,
    out,
  );
  return { item: { state, engine }, checkpoint, derived };
}
