import type { DecodedPosition } from "@vigia/protocols";
import type { KernelContext } from "../kernel/context.ts";
import type { CommittedPosition, LiveState } from "../live/index.ts";
import { type CandidateRow, commitPositions, markFirstSeen, positionRow } from "./commit.ts";
import { commitIsDurable, type Durability } from "./durability.ts";
import type { PartitionManager } from "./partitions.ts";
import type { DeviceBinding, DeviceRegistry } from "./registry.ts";

export interface IngestRecord {
  protocol: string;
  imei: string;
  remote: string;
  positions: DecodedPosition[];
  /** The frame as received (bytes or request text), kept with a position that cannot be stored. */
  raw?: Buffer | string;
}

export type SubmitResult = "stored" | "unknown";

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
 * Writes positions in batches and answers each submitter only after its rows are committed, so a device
 * is acknowledged only for what is safely stored. Then it hands the committed positions to `live`, which
 * owns everything that follows (live state, messages, alarms).
 */
export class Processor {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Set once the gateway should stop taking data (shutdown): pending work still completes. */
  stats = { positions: 0, batches: 0 };

  constructor(
    private readonly ctx: KernelContext,
    private readonly registry: DeviceRegistry,
    private readonly partitions: PartitionManager,
    private readonly live: LiveState,
    private readonly durability: Durability = commitIsDurable,
  ) {}

  /** Submissions waiting for a batch (for /metrics). */
  get queueDepth(): number {
    return this.queue.length;
  }

  async submit(record: IngestRecord): Promise<SubmitResult> {
    if (this.closed) throw new Error("processor is shutting down");
    const binding = await this.registry.lookup(record.imei);
    if (!binding) {
      await this.registry.recordUnknown(record.imei, record.protocol, record.remote);
      return "unknown";
    }
    if (record.positions.length === 0) return "stored";
    return new Promise<SubmitResult>((resolve, reject) => {
      this.queue.push({
        binding,
        positions: record.positions,
        protocol: record.protocol,
        raw: record.raw ?? null,
        receivedTs: this.ctx.clock.now(),
        resolve,
        reject,
      });
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  /** Resolves once everything submitted so far is committed and applied. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
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

  private async drain(): Promise<void> {
    // Let submissions from the same I/O turn join this batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    const now = this.ctx.clock.now();
    const rows: CandidateRow[] = batch.flatMap(({ binding, positions, receivedTs, protocol, raw }) =>
      positions.map((position) => ({ binding, position, receivedTs, protocol, raw })),
    );
    let accepted: CandidateRow[];
    try {
      // A row that cannot be stored is quarantined (commit.ts), so one bad frame never fails the batch.
      const outcome = await commitPositions(this.ctx.db, this.partitions, rows, now);
      await markFirstSeen(
        this.ctx.db,
        batch.map((p) => p.binding),
        now,
      );
      accepted = outcome.committed;
      if (outcome.quarantined.length > 0)
        this.ctx.log.warn(
          { quarantined: outcome.quarantined.map((q) => ({ imei: q.row.binding.imei, reason: q.reason })) },
          "positions quarantined",
        );
    } catch (error) {
      for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
      this.ctx.log.error({ err: error }, "position batch failed; devices will resend");
      return;
    }
    try {
      // ACK means durable: committed rows the back end might still lose are secured before anyone hears "stored".
      await this.durability.secure(accepted.map(positionRow));
    } catch (error) {
      for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
      this.ctx.log.error({ err: error }, "position batch not made durable; devices will resend");
      return;
    }
    this.stats.positions += accepted.length;
    this.stats.batches += 1;
    for (const pending of batch) pending.resolve("stored");
    await this.live.applyCommitted(accepted);
  }
}
