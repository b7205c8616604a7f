import { BLOCKED_COMPANY_STATES, type ForwardRecord } from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import type { AppliedPosition } from "../live/index.ts";
import { backoffMs, MAX_ATTEMPTS, recordOf } from "./records.ts";
import { deliver, type TargetRow } from "./senders.ts";

/** How long one node holds a target while it delivers to it. */
const LEASE_MS = 60_000;
/** How long the list of a company's active targets is trusted before it is read again. */
const TARGETS_TTL_MS = 30_000;

/**
 * Forwards committed positions to each company's targets, at least once. Applied positions are written to a
 * persistent queue (one row per target and record) right after live state applied them: off the ACK path, and
 * with no call to any target there, so a slow or dead target never slows ingest. Delivery runs apart, per
 * target, oldest first: rows are deleted only once the target acknowledged them, so nothing acknowledged is
 * sent again and nothing unacknowledged is lost across restarts. Failures back off exponentially; a batch that
 * the target refuses for good, or that failed MAX_ATTEMPTS times, moves to the dead letters.
 */
export class Forwarder {
  readonly stats = { backlog: 0, dead: 0, delivered: 0, failures: 0 };
  private readonly targets = new Map<number, { ids: number[]; readTs: number }>();
  private readonly devices = new Map<number, string>();
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: KernelContext & { egress: EgressGuard }) {}

  /** Delivers every `intervalMs` (retries come due as the clock moves); new records also start a round at once. */
  start(intervalMs = 1_000): void {
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
  }

  /** The company's targets changed: read them again on the next position. */
  invalidate(companyId: number): void {
    this.targets.delete(companyId);
  }

  /** The live-state listener: queue what was applied for every active target of its company. */
  readonly enqueue = async (applied: AppliedPosition[]): Promise<void> => {
    const byCompany = new Map<number, AppliedPosition[]>();
    for (const a of applied) {
      const list = byCompany.get(a.companyId);
      if (list) list.push(a);
      else byCompany.set(a.companyId, [a]);
    }
    let queued = false;
    for (const [companyId, list] of byCompany) {
      const targetIds = await this.activeTargets(companyId);
      if (targetIds.length === 0) continue;
      const records = await Promise.all(
        list.map(async (a) => recordOf(a, await this.deviceId(a.binding.deviceRowId))),
      );
      const now = this.ctx.clock.now();
      await this.ctx.db.query(
        `insert into forward_queue (target_id, payload, created_ts)
         select t, r, $3 from unnest($1::int[]) t cross join unnest($2::jsonb[]) with ordinality as x(r, n)
         order by t, n`,
        [targetIds, records.map((r) => JSON.stringify(r)), now],
      );
      queued = true;
    }
    if (queued) void this.drain();
  };

  /** One delivery round over every due target; concurrent calls share it (and ask for one more round). */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again);
      } catch (error) {
        this.ctx.log.error({ err: error }, "forwarding round failed");
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  private async round(): Promise<void> {
    const now = this.ctx.clock.now();
    const due = await this.ctx.db.query<TargetRow>(
      `update forward_targets t set lease_ts = $2 where t.active and t.next_attempt_ts <= $1 and t.lease_ts <= $1
         and exists (select 1 from forward_queue q where q.target_id = t.id)
         -- A suspended company's records wait in its queue and go out once it is active again.
         and not exists (select 1 from companies c where c.id = t.company_id and c.state = any($3::int[]))
       returning t.id, t.company_id, t.name, t.kind, t.url, t.secret, t.topic, t.batch_size`,
      [now, now + LEASE_MS, [...BLOCKED_COMPANY_STATES]],
    );
    await Promise.all(due.map((target) => this.deliverTarget(target)));
    const counts = await this.ctx.db.query<{ backlog: string; dead: string }>(
      "select (select count(*) from forward_queue) as backlog, (select count(*) from forward_dead) as dead",
    );
    this.stats.backlog = Number(counts[0]?.backlog ?? 0);
    this.stats.dead = Number(counts[0]?.dead ?? 0);
  }

  /** Sends batches until the queue is empty or the target fails; then lets go of the lease. */
  private async deliverTarget(target: TargetRow): Promise<void> {
    const { db, clock } = this.ctx;
    try {
      for (;;) {
        const rows = await db.query<{ id: string; payload: ForwardRecord; created_ts: string }>(
          "select id, payload, created_ts from forward_queue where target_id = $1 order by id limit $2",
          [target.id, target.batch_size],
        );
        if (rows.length === 0) return;
        const deliveryId = `${target.id}-${rows[0]!.id}-${rows.at(-1)!.id}`;
        const result = await deliver(
          this.ctx.egress,
          target,
          rows.map((r) => r.payload),
          deliveryId,
        );
        const now = clock.now();
        const acked = rows.slice(0, result.acked).map((r) => r.id);
        if (acked.length > 0) {
          await db.query("delete from forward_queue where id = any($1::bigint[])", [acked]);
          // A delivery that goes through clears the error: the screen must not keep showing a recovered one.
          await db.query(
            "update forward_targets set last_success_ts = $2, attempts = 0, last_error = null, last_error_ts = null where id = $1",
            [target.id, now],
          );
          this.stats.delivered += acked.length;
        }
        const error = result.error;
        if (error === undefined) continue;
        this.stats.failures += 1;
        const failed = rows.slice(result.acked);
        const attempts = await db.query<{ attempts: number }>(
          `update forward_targets set attempts = attempts + 1, last_error = $2, last_error_ts = $3
           where id = $1 returning attempts`,
          [target.id, error.slice(0, 300), now],
        );
        const count = attempts[0]?.attempts ?? 1;
        if (result.permanent || count >= MAX_ATTEMPTS) {
          // Dead letters: out of the way of newer records, kept for a person to look at and retry.
          // OsmAnd stops at the refused record: only that one is dead; a webhook refused the whole batch.
          const dead = result.permanent && target.kind === "osmand" ? failed.slice(0, 1) : failed;
          await db.transaction(async (tx) => {
            await tx.query(
              `insert into forward_dead (target_id, payload, error, created_ts, dead_ts)
               select $1, q.payload, $2, q.created_ts, $3 from forward_queue q where q.id = any($4::bigint[])`,
              [target.id, error, now, dead.map((r) => r.id)],
            );
            await tx.query("delete from forward_queue where id = any($1::bigint[])", [dead.map((r) => r.id)]);
            await tx.query("update forward_targets set attempts = 0 where id = $1", [target.id]);
          });
          continue;
        }
        await db.query("update forward_targets set next_attempt_ts = $2 where id = $1", [
          target.id,
          now + backoffMs(count),
        ]);
        return;
      }
    } finally {
      await db.query("update forward_targets set lease_ts = 0 where id = $1", [target.id]);
    }
  }

  private async activeTargets(companyId: number): Promise<number[]> {
    const now = this.ctx.clock.now();
    const cached = this.targets.get(companyId);
    if (cached && cached.readTs + TARGETS_TTL_MS > now) return cached.ids;
    const rows = await this.ctx.db.query<{ id: number }>(
      "select id from forward_targets where company_id = $1 and active order by id",
      [companyId],
    );
    const ids = rows.map((r) => r.id);
    this.targets.set(companyId, { ids, readTs: now });
    return ids;
  }

  private async deviceId(rowId: number): Promise<string> {
    const known = this.devices.get(rowId);
    if (known !== undefined) return known;
    const rows = await this.ctx.db.query<{ device_id: string }>(
      "select device_id from devices where id = $1",
      [rowId],
    );
    const id = rows[0]?.device_id ?? String(rowId);
    this.devices.set(rowId, id);
    return id;
  }
}
