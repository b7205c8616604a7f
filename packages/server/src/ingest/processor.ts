import type { DecodedPosition } from "@vigia/protocols";
import type { KernelContext } from "../kernel/context.ts";
import type { CommittedPosition, LiveState } from "../live/index.ts";
import { dayStartOf, type PartitionManager } from "./partitions.ts";
import type { IngestQueue, IngestRecord, SubmitResult } from "./queue.ts";
import type { DeviceBinding, DeviceRegistry } from "./registry.ts";

interface Pending {
  binding: DeviceBinding;
  positions: DecodedPosition[];
  receivedTs: number;
  resolve: (result: SubmitResult) => void;
  reject: (error: Error) => void;
}

/** How far a device clock may run ahead before its fixes are taken as wrong rather than stored. */
const FUTURE_TOLERANCE_MS = 24 * 3_600_000;
const MAX_BATCH_POSITIONS = 5000;

/**
 * Writes positions in batches and answers each submitter only after its rows are committed, so a device
 * is acknowledged only for what is safely stored. Then it hands the committed positions to `live`, which
 * owns everything that follows (live state, messages, alarms).
 */
export class Processor implements IngestQueue {
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
  ) {}

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
        receivedTs: record.receivedTs ?? this.ctx.clock.now(),
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
    const rows: Record<string, unknown>[] = [];
    const accepted: CommittedPosition[] = [];
    for (const pending of batch) {
      const { binding } = pending;
      for (const position of pending.positions) {
        if (position.ts > now + FUTURE_TOLERANCE_MS || !Number.isFinite(position.ts) || position.ts <= 0)
          continue;
        accepted.push({ binding, position, receivedTs: pending.receivedTs });
        rows.push({
          c: binding.companyId ?? 0,
          d: binding.deviceRowId,
          it: binding.itemType,
          ii: binding.itemId,
          ts: position.ts,
          rt: pending.receivedTs,
          lat: position.lat,
          lng: position.lng,
          alt: position.alt,
          spd: position.spd,
          co: position.course,
          sa: position.satt,
          va: position.valid,
          sr: position.src,
          at: position.attributes,
        });
      }
    }
    try {
      await this.ctx.db.transaction(async (tx) => {
        const days = new Set(rows.map((r) => `${r.c}:${dayStartOf(r.ts as number)}`));
        for (const cd of days) {
          const [c, d] = cd.split(":").map(Number);
          await this.partitions.ensure(tx, c!, d!);
        }
        if (rows.length > 0) {
          await tx.query(
            `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, alt, spd, course,
               satt, valid, src, attributes)
             select r.c, r.d, r.it, r.ii, r.ts, r.rt, r.lat, r.lng, r.alt, r.spd, r.co, r.sa, r.va, r.sr, coalesce(r.at, '{}')
             from jsonb_to_recordset($1::jsonb) as r(c int, d int, it smallint, ii int, ts bigint, rt bigint,
               lat float8, lng float8, alt float8, spd float8, co float8, sa smallint, va boolean, sr smallint, at jsonb)
             on conflict do nothing`,
            [JSON.stringify(rows)],
          );
        }
        const firstSeen = batch
          .filter((p) => p.binding.firstConnectTs === null)
          .map((p) => p.binding.deviceRowId);
        if (firstSeen.length > 0) {
          await tx.query(
            "update devices set first_connect_ts = $2 where id = any($1::int[]) and first_connect_ts is null",
            [firstSeen, now],
          );
          for (const p of batch) p.binding.firstConnectTs ??= now;
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
      this.ctx.log.error({ err: error }, "position batch failed; devices will resend");
      return;
    }
    this.stats.positions += rows.length;
    this.stats.batches += 1;
    for (const pending of batch) pending.resolve("stored");
    await this.live.applyCommitted(accepted);
  }
}
