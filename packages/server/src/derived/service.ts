import type { BeaconCache } from "../indoor/index.ts";
import type { PartitionManager } from "../ingest/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { AppliedPosition, LiveState } from "../live/index.ts";
import { loadDeriveZones } from "./load-zones.ts";
import { type DeriveZones, deriveFrame } from "./points.ts";
import {
  DEFAULT_IDLE_MIN_MS,
  type DeriveConfig,
  type DeriveOutput,
  type DeriveState,
  dayRow,
  emptyDeriveOutput,
  emptyDeriveState,
} from "./segments.ts";
import {
  type CompanyRows,
  ensurePartitionsFor,
  type StoredState,
  writeDerivedRows,
  writeStates,
} from "./store.ts";
import { companyTimeZone } from "./time-zones.ts";

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

interface ItemEntry {
  companyId: number;
  cfg: DeriveConfig;
  state: DeriveState;
}

/**
 * Keeps derived history as positions are committed: a listener on live state's applied positions (after the
 * commit and the ACK, like alarms) queues them; one drain loop at a time derives them per item in memory, and a
 * flush (every FLUSH_MS) stores the closed rows, the open days and the items' states in one transaction. Errors are
 * logged and counted and never reach ingest; items whose write failed reload their persisted state.
 */
export class DerivedService {
  /** Counters for /metrics and the bench: positions derived, flushes, failures, positions dropped, time spent. */
  stats = { positions: 0, flushes: 0, errors: 0, dropped: 0, deriveMs: 0, writeMs: 0 };
  private queue: AppliedPosition[] = [];
  private running: Promise<void> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly items = new Map<string, ItemEntry>();
  private pending = new Map<number, DeriveOutput>();
  private pendingRows = 0;
  private dirty = new Map<string, ItemEntry>();
  private warnedFull = false;

  constructor(
    private readonly ctx: KernelContext,
    private readonly partitions: PartitionManager,
    private readonly beacons: BeaconCache | null = null,
  ) {}

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
      await this.flush();
    } while (this.queue.length > 0 || this.running);
  }

  /** Items taken over from another processor: their state is re-read from the database. */
  adopt(items: readonly { itemType: number; itemId: number }[]): void {
    for (const i of items) this.items.delete(`${i.itemType}:${i.itemId}`);
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.kick();
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
        for (const a of batch) this.items.delete(`${a.itemType}:${a.itemId}`);
      }
      this.stats.deriveMs += performance.now() - started;
    }
    if (this.pendingRows >= FLUSH_ROWS) void this.flush();
    else if (this.dirty.size > 0 && this.flushTimer === null) {
      this.flushTimer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  private async derive(batch: AppliedPosition[]): Promise<void> {
    await this.loadStates(batch);
    const zonesOf = new Map<number, DeriveZones>();
    for (const a of batch) {
      const key = `${a.itemType}:${a.itemId}`;
      const entry = this.items.get(key);
      if (!entry) continue;
      let zones = zonesOf.get(a.companyId);
      if (zones === undefined) {
        const beacons = this.beacons;
        zones = await loadDeriveZones(this.ctx, a.companyId, beacons ? (id) => beacons.zones(id) : undefined);
        zonesOf.set(a.companyId, zones);
      }
      let out = this.pending.get(a.companyId);
      if (!out) {
        out = emptyDeriveOutput();
        this.pending.set(a.companyId, out);
      }
      const before = out.trips.length + out.stops.length + out.idles.length + out.visits.length;
      if (!deriveFrame(entry.cfg, entry.state, a, zones, out)) continue;
      this.pendingRows += out.trips.length + out.stops.length + out.idles.length + out.visits.length - before;
      this.dirty.set(key, entry);
      this.stats.positions += 1;
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
        .filter((e) => e.companyId === companyId && e.state.day !== null)
        .map((e) => dayRow(e.cfg, e.state.day!)),
    }));
    const states: StoredState[] = entries.map((e) => ({
      companyId: e.companyId,
      itemType: e.cfg.itemType,
      itemId: e.cfg.itemId,
      state: JSON.parse(JSON.stringify(e.state)) as DeriveState,
    }));
    try {
      for (const r of rows) await ensurePartitionsFor(this.ctx.db, this.partitions, r);
      await this.ctx.db.transaction(async (tx) => {
        for (const r of rows) await writeDerivedRows(tx, r);
        await writeStates(tx, states, this.ctx.clock.now());
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
    const missing = new Map<string, AppliedPosition>();
    for (const a of batch) {
      const key = `${a.itemType}:${a.itemId}`;
      const entry = this.items.get(key);
      if (entry && entry.companyId === a.companyId) continue;
      missing.set(key, a);
    }
    if (missing.size === 0) return;
    const list = [...missing.values()];
    const stored = await this.ctx.db.query<{
      item_type: number;
      item_id: number;
      company_id: number;
      state: DeriveState;
    }>(
      `select item_type, item_id, company_id, state from derived_state
       where (item_type, item_id) in (select t::smallint, i from unnest($1::int[], $2::int[]) as u(t, i))`,
      [list.map((a) => a.itemType), list.map((a) => a.itemId)],
    );
    const byKey = new Map(stored.map((r) => [`${r.item_type}:${r.item_id}`, r]));
    for (const [key, a] of missing) {
      const timeZone = await companyTimeZone(this.ctx.db, a.companyId, this.ctx.clock.now());
      const row = byKey.get(key);
      this.items.set(key, {
        companyId: a.companyId,
        cfg: { itemType: a.itemType, itemId: a.itemId, timeZone, idleMinMs: DEFAULT_IDLE_MIN_MS },
        // An item moved to another company starts afresh there.
        state: row && Number(row.company_id) === a.companyId ? row.state : emptyDeriveState(),
      });
    }
  }
}
