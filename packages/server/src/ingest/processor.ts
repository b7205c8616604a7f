import type { DecodedPosition } from "@vigia/protocols";
import type { CellLocator } from "../cells/index.ts";
import { type BeaconCache, locateBeacons } from "../indoor/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { CommittedPosition, LiveState } from "../live/index.ts";
import { type CandidateRow, commitPositions, markFirstSeen, writeQuarantine } from "./commit.ts";
import { markChangedDays } from "./day-changes.ts";
import { commitIsDurable, type Durability } from "./durability.ts";
import { locateRecord } from "./locate.ts";
import { dayStartOf, type PartitionManager } from "./partitions.ts";
import { positionsJson } from "./position-rows.ts";
import type { IngestQueue, IngestRecord, SubmitResult } from "./queue.ts";
import type { DeviceBinding, DeviceRegistry } from "./registry.ts";
import { writeUndecoded } from "./undecoded.ts";

interface Pending {
  binding: DeviceBinding;
  positions: DecodedPosition[];
  protocol: string;
  raw: Buffer | string | null;
  receivedTs: number;
  resolve: (result: SubmitResult) => void;
  reject: (error: Error) => void;
}

const MAX_BATCH_POSITIONS = 5000;
/**
 * Positions the processor holds at most (waiting for a batch, being committed, committed but not yet applied to
 * live state): enough for a batch to fill while another commits, and no more (three batches measured slower on
 * the live-latency bench: a longer wait in front of the commit and no more positions a second).
 * Whatever the processor holds ages before the map sees it, so when devices send more than the database takes,
 * the surplus waits unread at the devices (the gateway stops reading while `full()`), not here: the map stays a
 * second or two behind at most and shows fewer intermediate positions, never old ones.
 */
const MAX_HELD_POSITIONS = 2 * MAX_BATCH_POSITIONS;

export interface ProcessorOptions {
  /** Positions held at most before `submit` waits (default MAX_HELD_POSITIONS). */
  maxHeldPositions?: number;
  /** What makes a commit durable before devices are answered (the PGlite journal); default: the commit itself. */
  durability?: Durability;
  /** Turns frames without a fix but with cell towers or Wi-Fi APs into positions (locate.ts); absent: not done. */
  locator?: CellLocator;
  /** Turns beacon sightings of frames without a GPS fix into BLE positions; absent: not done. */
  beacons?: BeaconCache;
}

/**
 * The ingest pipeline: submit → batch → commit → ACK, then live state and alarms, as overlapping stages.
 *
 * - Batching: submissions queue up while a commit runs and the next batch takes them all (up to a size).
 * - Commit (`commitBatch`): rows that fail the checks or that the database refuses go to the quarantine
 *   (commit.ts), the others are stored, then made durable (`Durability`: the PGlite journal); a device is
 *   acknowledged as soon as that is done, never before, and never later for live state or alarms.
 * - Apply: committed batches go to `live` strictly in commit order, one at a time, while later batches commit.
 *   PostgreSQL runs two commits at once (separate sessions); PGlite has one session, so one.
 */
export class Processor implements IngestQueue {
  private queue: Pending[] = [];
  private held = 0;
  /** Submissions waiting for room, strictly in arrival order, with the positions each brings. */
  private readonly roomWaiters: { count: number; admit: () => void }[] = [];
  private readonly roomListeners = new Set<(room: { free: number; empty: boolean }) => void>();
  private committing = 0;
  private scheduled = false;
  /** Live application of committed batches, chained in commit-start order. */
  private applying: Promise<void> = Promise.resolve();
  private readonly busy = new Set<Promise<void>>();
  private partitionLock: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly maxCommits: number;
  private readonly maxHeld: number;
  private readonly durability: Durability;
  private readonly locator: CellLocator | null;
  private readonly beacons: BeaconCache | null;
  stats = { positions: 0, batches: 0 };

  constructor(
    private readonly ctx: KernelContext,
    private readonly registry: DeviceRegistry,
    private readonly partitions: PartitionManager,
    private readonly live: LiveState,
    options: ProcessorOptions = {},
  ) {
    this.maxCommits = ctx.db.kind === "postgres" ? 2 : 1;
    this.maxHeld = options.maxHeldPositions ?? MAX_HELD_POSITIONS;
    this.durability = options.durability ?? commitIsDurable;
    this.locator = options.locator ?? null;
    this.beacons = options.beacons ?? null;
  }

  /** Submissions waiting for a batch (for /metrics). */
  get queueDepth(): number {
    return this.queue.length;
  }

  /** The processor's clock, for callers stamping when they read a frame. */
  now(): number {
    return this.ctx.clock.now();
  }

  async submit(record: IngestRecord): Promise<SubmitResult> {
    if (this.closed) throw new Error("processor is shutting down");
    const binding = await this.registry.admit(record);
    // Unknown, or refused (another protocol than the device's type): the device is answered alike.
    if (!binding) return "unknown";
    // What the decoder could not read is kept apart first: the device is answered only after this resolves.
    if (record.undecoded !== undefined)
      await writeUndecoded(this.ctx.db, {
        binding,
        protocol: record.protocol,
        raw: record.raw,
        reason: record.undecoded,
        receivedTs: record.receivedTs ?? this.ctx.clock.now(),
      });
    const positions = withSightings(await this.locate(binding, record), record.beacons);
    if (positions.length === 0) return "stored";
    if (this.held >= this.maxHeld || this.roomWaiters.length > 0)
      await new Promise<void>((admit) => this.roomWaiters.push({ count: positions.length, admit }));
    else this.held += positions.length;
    return new Promise<SubmitResult>((resolve, reject) => {
      this.queue.push({
        binding,
        positions,
        protocol: record.protocol,
        raw: record.raw ?? null,
        receivedTs: record.receivedTs ?? this.ctx.clock.now(),
        resolve,
        reject,
      });
      this.schedule();
    });
  }

  /**
   * The record's positions, with a cell/Wi-Fi position for a frame without a fix (locate.ts). Towers and APs no
   * one knows: the frame goes to the quarantine as `noFix`, with them in its attributes, and no position.
   */
  private async locate(binding: DeviceBinding, record: IngestRecord): Promise<DecodedPosition[]> {
    if (this.beacons !== null && record.beacons?.length) {
      const now = this.ctx.clock.now();
      const ble = await locateBeacons(
        this.beacons,
        binding.companyId,
        record.beacons,
        record.positions,
        record.frameTs ?? record.receivedTs ?? now,
      ).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, imei: binding.imei }, "beacon positioning failed");
        return null;
      });
      // Invalid GPS positions (the last fix repeated) give way to the BLE fix, as they do to a cell fix.
      if (ble !== null) return [...record.positions.filter((p) => p.valid), ble];
    }
    if (this.locator === null || (!record.cells?.length && !record.wifi?.length)) return record.positions;
    const now = this.ctx.clock.now();
    const { positions, unresolved } = await locateRecord(this.locator, binding, record, now, this.ctx.log);
    if (unresolved !== null) {
      const row: CandidateRow = {
        binding,
        position: unresolved,
        receivedTs: record.receivedTs ?? now,
        protocol: record.protocol,
        raw: record.raw ?? null,
      };
      await writeQuarantine(this.ctx.db, [{ row, reason: "noFix", error: "" }]);
    }
    return positions;
  }

  full(): boolean {
    return this.held >= this.maxHeld || this.roomWaiters.length > 0;
  }

  onRoom(listener: (room: { free: number; empty: boolean }) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /** Positions held (queued, committing, awaiting live state) and submitters waiting for room. */
  pressure(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.roomWaiters.length };
  }

  /** Resolves once everything submitted so far is committed and applied to live state. */
  async idle(): Promise<void> {
    for (;;) {
      if (this.busy.size > 0) await Promise.allSettled([...this.busy]);
      else if (this.scheduled || this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
      else {
        const applying = this.applying;
        await applying;
        if (applying === this.applying && this.busy.size === 0 && this.queue.length === 0) return;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  /** Starts a batch on the next turn, so submissions from the same I/O turn join it. */
  private schedule(): void {
    if (this.scheduled || this.committing >= this.maxCommits) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.committing < this.maxCommits && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.committing += 1;
      // The batch's place in the apply order is taken now, before its commit can finish.
      let committed: (accepted: CommittedPosition[]) => void = () => undefined;
      const ready = new Promise<CommittedPosition[]>((resolve) => {
        committed = resolve;
      });
      const count = batch.reduce((n, p) => n + p.positions.length, 0);
      this.applying = this.applying.then(async () => {
        const accepted = await ready;
        try {
          await this.live.applyCommitted(accepted);
        } catch (error) {
          this.ctx.log.error({ err: error }, "live state could not apply committed positions");
        } finally {
          this.release(count);
        }
      });
      const work = this.commitBatch(batch)
        .then(committed, (error: unknown) => {
          for (const pending of batch)
            pending.reject(error instanceof Error ? error : new Error(String(error)));
          this.ctx.log.error({ err: error }, "position batch failed; devices will resend");
          committed([]);
        })
        .finally(() => {
          this.committing -= 1;
          this.busy.delete(work);
          if (this.queue.length > 0) this.schedule();
        });
      this.busy.add(work);
    }
  }

  private release(count: number): void {
    this.held -= count;
    // Room goes to the waiters first, in turn; each one's positions count as held from the moment it is let in.
    while (this.held < this.maxHeld && this.roomWaiters.length > 0) {
      const waiter = this.roomWaiters.shift()!;
      this.held += waiter.count;
      waiter.admit();
    }
    if (this.held >= this.maxHeld || this.roomWaiters.length > 0) return;
    const room = { free: this.maxHeld - this.held, empty: this.held === 0 };
    for (const listener of this.roomListeners) listener(room);
  }

  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let count = 0;
    while (
      this.queue.length > 0 &&
      (batch.length === 0 || count + this.queue[0]!.positions.length <= MAX_BATCH_POSITIONS)
    ) {
      const next = this.queue.shift()!;
      batch.push(next);
      count += next.positions.length;
    }
    return batch;
  }

  /** Commits one batch and acknowledges its submitters; returns what live state is to apply. */
  private async commitBatch(batch: Pending[]): Promise<CommittedPosition[]> {
    const now = this.ctx.clock.now();
    const rows: CandidateRow[] = batch.flatMap(({ binding, positions, receivedTs, protocol, raw }) =>
      positions.map((position) => ({ binding, position, receivedTs, protocol, raw })),
    );
    // A row that cannot be stored is quarantined (commit.ts), so one bad frame never fails the batch.
    const outcome = await commitPositions(
      this.ctx.db,
      { ensure: (db, c, ts) => this.ensurePartition(db, c, ts) },
      rows,
      now,
    );
    if (outcome.quarantined.length > 0)
      this.ctx.log.warn(
        { quarantined: outcome.quarantined.map((q) => ({ imei: q.row.binding.imei, reason: q.reason })) },
        "positions quarantined",
      );
    await markFirstSeen(
      this.ctx.db,
      batch.map((p) => p.binding),
      now,
    );
    // A failure here must not fail stored positions: the day's heat cells stay as they were, and say so.
    await markChangedDays(this.ctx.db, earlierDays(outcome.committed, now), now).catch((err: unknown) =>
      this.ctx.log.warn({ err }, "late positions not marked for the heat map"),
    );
    // ACK means durable: committed rows the back end might still lose are secured before anyone hears "stored".
    if (outcome.committed.length > 0)
      await this.durability.secure(() => outcome.json ?? positionsJson(outcome.committed));
    this.stats.positions += outcome.committed.length;
    this.stats.batches += 1;
    for (const pending of batch) pending.resolve("stored");
    return outcome.committed;
  }

  /**
   * Creates a company-day partition, one caller at a time: two concurrent commits must not race to create the
   * same table. Known partitions cost no query.
   */
  private ensurePartition(db: Queryable, companyId: number, ts: number): Promise<void> {
    const run = this.partitionLock.then(() => this.partitions.ensure(db, companyId, ts));
    this.partitionLock = run.catch(() => undefined);
    return run;
  }
}

/**
 * The committed positions of days before today's, as `markChangedDays` takes them: a live batch has none, and
 * builds nothing per row for them.
 */
function earlierDays(committed: readonly CandidateRow[], now: number): { companyId: number; ts: number }[] {
  const today = dayStartOf(now);
  const earlier: { companyId: number; ts: number }[] = [];
  for (const { binding, position } of committed)
    if (binding.companyId !== null && position.ts < today)
      earlier.push({ companyId: binding.companyId, ts: position.ts });
  return earlier;
}

/**
 * Every beacon the frame heard, known or not, as the `bleSeen` attribute of its newest position: beacon-zone
 * alarms and driver identification by beacon read it, whether the position came from GPS or from the beacons.
 */
export function withSightings(
  positions: DecodedPosition[],
  beacons: readonly { id: string; rssi: number }[] | undefined,
): DecodedPosition[] {
  const last = positions.at(-1);
  if (!last || !beacons?.length) return positions;
  // Strongest first: the nearest beacon names the driver when several drivers' beacons are heard.
  const strongest = [...beacons].sort((a, b) => b.rssi - a.rssi);
  const bleSeen = [...new Set(strongest.map((b) => b.id))].join(" ");
  return [...positions.slice(0, -1), { ...last, attributes: { ...last.attributes, bleSeen } }];
}
