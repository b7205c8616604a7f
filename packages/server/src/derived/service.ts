import type { BeaconCache } from "../indoor/index.ts";
import type { PartitionManager } from "../ingest/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { AppliedPosition, LiveState } from "../live/index.ts";
import type { ZoneCache } from "../places/index.ts";
import { endedParkedDay } from "./day-end.ts";
import { derivedUpTo, type FrameContext, stepFrame } from "./frames.ts";
import { type ItemEntry, readItemEntries } from "./item-entries.ts";
import { itemKey, itemRuns, NO_CARDS } from "./item-runs.ts";
import {
  cachedZoneSources,
  type DeriveZoneSources,
  loadDeriveZones,
  storedZoneSources,
} from "./load-zones.ts";
import { driverCards, rederiveItem } from "./replay.ts";
import { type DeriveOutput, dayRow, emptyDeriveOutput } from "./segments.ts";
import {
  type CompanyRows,
  ensurePartitionsFor,
  type StoredState,
  writeDerivedRows,
  writeItemsCheckpoints,
  writeStates,
} from "./store.ts";
import { readCompanyTimeZone, type TimeZoneCache } from "./time-zones.ts";

/**
 * Positions the derivation holds at most while it catches up. Past it, new positions are not derived (counted in
 * `stats.dropped`, logged) rather than slowing ingest: `vigia rebuild-derived` fills such a hole.
 */
const MAX_QUEUED = 200_000;
/**
 * Derived rows and states are stored at most this often (and at once when much is pending or someone waits in
 * `idle`): a flush costs a few statements whatever its size, so under load it is cheap per position. A crash loses
 * at most this much derivation; `vigia rebuild-derived` restores it.
 */
const FLUSH_MS = 1000;
const FLUSH_ROWS = 5000;

const rowCount = (out: DeriveOutput): number =>
  out.trips.length + out.stops.length + out.idles.length + out.visits.length;

/**
 * Keeps derived history as positions are committed: a listener on live state's applied positions (after the
 * commit and the ACK, like alarms) queues them; one drain loop at a time derives them per item in memory, and a
 * flush (every FLUSH_MS) stores the closed rows, the open days and the items' states in one transaction. Errors are
 * logged and counted and never reach ingest; items whose write failed reload their persisted state.
 */
export class DerivedService {
  /**
   * Counters for /metrics and the bench: positions derived, flushes, failures, positions dropped, time spent,
   * re-derivations after late positions and the positions they replayed.
   */
  stats = {
    positions: 0,
    flushes: 0,
    errors: 0,
    dropped: 0,
    deriveMs: 0,
    writeMs: 0,
    rederived: 0,
    replayed: 0,
  };
  private queue: AppliedPosition[] = [];
  private running: Promise<void> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly items = new Map<number, ItemEntry>();
  private pending = new Map<number, DeriveOutput>();
  private pendingRows = 0;
  private dirty = new Map<number, ItemEntry>();
  private warnedFull = false;
  /** Items that received a position older than what was derived: re-derived from the oldest such time. */
  private late = new Map<number, { entry: ItemEntry; from: number }>();
  private lateTimer: NodeJS.Timeout | null = null;
  private lateDue = false;

  constructor(
    private readonly ctx: KernelContext,
    private readonly partitions: PartitionManager,
    caches: { zones: ZoneCache; beacons: BeaconCache; timeZones: TimeZoneCache } | null = null,
  ) {
    this.zoneSources = caches ? cachedZoneSources(caches) : storedZoneSources(ctx.db);
    this.timeZone = caches
      ? (companyId) => caches.timeZones.get(companyId)
      : (companyId) => readCompanyTimeZone(ctx.db, companyId);
  }

  private readonly timeZone: (companyId: number) => Promise<string>;

  /** The platform's cached places, beacon zones and time zones; without them (a benchmark) they are read per batch. */
  private readonly zoneSources: DeriveZoneSources;

  attach(live: LiveState): void {
    live.onApplied((applied) => this.enqueue(applied));
  }

  enqueue(applied: readonly AppliedPosition[]): void {
    if (applied.length === 0) return;
    if (this.queue.length + applied.length > MAX_QUEUED) {
      this.stats.dropped += applied.length;
      if (!this.warnedFull)
        this.ctx.log.warn(
          "derived history is behind: positions not derived (rebuild-derived fills the hole)",
        );
      this.warnedFull = true;
      return;
    }
    this.warnedFull = false;
    for (const a of applied) this.queue.push(a);
    this.kick();
  }

  /** Resolves once everything queued so far is derived and stored. */
  async idle(): Promise<void> {
    do {
      while (this.running) await this.running;
      if (this.late.size > 0) {
        this.lateDue = true;
        this.kick();
        while (this.running) await this.running;
      }
      await this.flush();
    } while (this.queue.length > 0 || this.running || this.late.size > 0);
  }

  /**
   * Items whose local day ended while they stood parked and silent: their stop (and the trip before it) is written
   * up to the day's end, so the day's stops report shows the final parking. Run by the owner's timer; an item not
   * derived since this process started waits for its next position.
   */
  async closeEndedDays(now: number): Promise<number> {
    while (this.running) await this.running;
    let written = 0;
    for (const [key, entry] of this.items) {
      const day = entry.item.state.day;
      if (!day || entry.parkedDayEnd === day.endTs || this.late.has(key)) continue;
      let out = this.pending.get(entry.companyId);
      if (!out) {
        out = emptyDeriveOutput();
        this.pending.set(entry.companyId, out);
      }
      if (!endedParkedDay(entry.cfg, entry.item.state, now, out)) continue;
      entry.parkedDayEnd = day.endTs;
      this.dirty.set(key, entry);
      written += 1;
    }
    if (written > 0) await this.flush();
    return written;
  }

  /** Items taken over from another processor: their state is re-read from the database. */
  adopt(items: readonly { itemType: number; itemId: number }[]): void {
    for (const i of items) {
      this.items.delete(itemKey(i.itemType, i.itemId));
      this.late.delete(itemKey(i.itemType, i.itemId));
    }
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0 || (this.lateDue && this.late.size > 0)) this.kick();
    });
  }

  private async drain(): Promise<void> {
    // Yield first so the positions of the same turn join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      const started = performance.now();
      try {
        await this.derive(batch);
      } catch (error) {
        this.stats.errors += 1;
        this.ctx.log.error({ err: error }, "derived history could not be derived");
        for (const a of batch) this.items.delete(itemKey(a.itemType, a.itemId));
      }
      this.stats.deriveMs += performance.now() - started;
    }
    if (this.late.size > 0) {
      if (this.lateDue) await this.rederiveLate();
      // Waiting a little lets a backlog uploaded in many frames cost one re-derivation, not one per frame.
      else if (this.lateTimer === null) {
        this.lateTimer = setTimeout(() => {
          this.lateTimer = null;
          this.lateDue = true;
          this.kick();
        }, FLUSH_MS);
        this.lateTimer.unref();
      }
    }
    if (this.pendingRows >= FLUSH_ROWS) void this.flush();
    else if (this.dirty.size > 0 && this.flushTimer === null) {
      this.flushTimer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** Derives a batch item by item: each item's state, pending re-derivation and dirty mark are found once. */
  private async derive(batch: AppliedPosition[]): Promise<void> {
    await this.loadStates(batch);
    const { runs, namingDriver } = itemRuns(batch);
    const companies = new Map<number, Omit<FrameContext, "cfg" | "engineCfg">>();
    for (const { key, positions } of runs) {
      const entry = this.items.get(key);
      if (!entry) continue;
      let pending = this.late.get(key);
      let marked: Map<number, ItemEntry> | null = null;
      for (const a of positions) {
        const ts = a.position.ts;
        const upTo = derivedUpTo(entry.item);
        if (upTo !== null && ts <= upTo) {
          // Older than what was derived: unless it is one the last re-derivation read (or the same time again),
          // the item is derived again from it, as if it had come in order.
          if (ts === upTo || entry.replayed?.has(ts)) continue;
          pending = { entry, from: Math.min(ts, pending?.from ?? ts) };
          this.late.set(key, pending);
          continue;
        }
        // Stored already: the pending re-derivation reads it.
        if (pending) continue;
        let company = companies.get(a.companyId);
        if (company === undefined) {
          company = {
            zones: await loadDeriveZones(this.ctx, a.companyId, this.zoneSources),
            // Nothing in the batch names a driver of the company: the cards would not be looked at.
            cards: namingDriver.has(a.companyId) ? await driverCards(this.ctx.db, a.companyId) : NO_CARDS,
          };
          companies.set(a.companyId, company);
          // Read while a flush or a take-over (adopt) could run: the item is looked up again.
          if (this.items.get(key) !== entry) break;
          pending = this.late.get(key);
          if (pending) continue;
        }
        let out = this.pending.get(a.companyId);
        if (!out) {
          out = emptyDeriveOutput();
          this.pending.set(a.companyId, out);
        }
        const before = rowCount(out);
        const fc: FrameContext = { cfg: entry.cfg, engineCfg: entry.engineCfg, ...company };
        const step = stepFrame(fc, entry.item, a.position, out, a.late ? undefined : a.after.driverId);
        entry.item = step.item;
        if (step.checkpoint) entry.checkpoints.push(step.checkpoint);
        // Marked once per item, again only if a flush took the marks meanwhile (it swaps the map).
        if (marked !== this.dirty) {
          marked = this.dirty;
          marked.set(key, entry);
        }
        if (!step.derived) continue;
        this.pendingRows += rowCount(out) - before;
        this.stats.positions += 1;
      }
    }
  }

  /** Re-derives the items that received late positions, after storing what is pending (the rows it replaces). */
  private async rederiveLate(): Promise<void> {
    this.lateDue = false;
    if (this.lateTimer) clearTimeout(this.lateTimer);
    this.lateTimer = null;
    await this.flush();
    const late = [...this.late];
    this.late = new Map();
    for (const [key, { entry, from }] of late) {
      try {
        const company = {
          zones: await loadDeriveZones(this.ctx, entry.companyId, this.zoneSources),
          cards: await driverCards(this.ctx.db, entry.companyId),
        };
        const fc: FrameContext = { cfg: entry.cfg, engineCfg: entry.engineCfg, ...company };
        const done = await rederiveItem(this.ctx, this.partitions, entry.companyId, fc, from);
        entry.item = done.item;
        entry.checkpoints = [];
        entry.replayed = done.replayed;
        this.stats.rederived += 1;
        this.stats.replayed += done.positions;
      } catch (error) {
        this.stats.errors += 1;
        this.ctx.log.error({ err: error }, "derived history could not be derived again");
        this.items.delete(key);
      }
    }
  }

  /** Stores what is pending, one flush at a time. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.dirty.size === 0) return;
    // Taken (and the states serialized) now: positions derived while this writes belong to the next flush.
    const outputs = this.pending;
    const dirty = this.dirty;
    this.pending = new Map();
    this.dirty = new Map();
    this.pendingRows = 0;
    const started = performance.now();
    const entries = [...dirty.values()];
    const companies = new Set([...outputs.keys(), ...entries.map((e) => e.companyId)]);
    const rows: CompanyRows[] = [...companies].map((companyId) => ({
      companyId,
      out: outputs.get(companyId) ?? emptyDeriveOutput(),
      openDays: entries
        .filter((e) => e.companyId === companyId && e.item.state.day !== null)
        .map((e) => dayRow(e.cfg, e.item.state.day!)),
    }));
    const states: StoredState[] = entries.map((e) => ({
      companyId: e.companyId,
      itemType: e.cfg.itemType,
      itemId: e.cfg.itemId,
      state: structuredClone(e.item.state),
      engine: structuredClone(e.item.engine),
    }));
    const checkpoints = entries.map((e) => {
      const taken = e.checkpoints;
      e.checkpoints = [];
      return { companyId: e.companyId, itemType: e.cfg.itemType, itemId: e.cfg.itemId, checkpoints: taken };
    });
    try {
      for (const r of rows) await ensurePartitionsFor(this.ctx.db, this.partitions, r);
      await this.ctx.db.transaction(async (tx) => {
        for (const r of rows) await writeDerivedRows(tx, r);
        await writeStates(tx, states, this.ctx.clock.now());
        await writeItemsCheckpoints(tx, checkpoints);
      });
      this.stats.flushes += 1;
    } catch (error) {
      this.stats.errors += 1;
      this.ctx.log.error({ err: error }, "derived history could not be stored");
      for (const key of dirty.keys()) this.items.delete(key);
    }
    this.stats.writeMs += performance.now() - started;
  }

  /** Items of the batch not in memory: their persisted state, or a fresh one. */
  private async loadStates(batch: AppliedPosition[]): Promise<void> {
    const missing = new Map<number, AppliedPosition>();
    for (const a of batch) {
      const key = itemKey(a.itemType, a.itemId);
      const entry = this.items.get(key);
      if (entry && entry.companyId === a.companyId) continue;
      // The first of the item's positions in the batch: its engine is live state's before the batch, so none of
      // the batch's positions looks derived already.
      if (!missing.has(key)) missing.set(key, a);
    }
    if (missing.size === 0) return;
    for (const [key, entry] of await readItemEntries(this.ctx.db, this.timeZone, missing))
      this.items.set(key, entry);
  }
}
