import { randomUUID } from "node:crypto";
import { type ReportJob, type ReportResult, reportResultSchema } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { ReportCancelled } from "./run.ts";

/** Who started a job and how its files are named. */
export interface JobOwner {
  companyId: number;
  userId: number;
  name: string;
  lang: string;
  timezone: string;
}

export interface StoredJob extends JobOwner {
  job: ReportJob;
}

/** A job this node runs: its cancel flag and the promise that ends once its final state is stored. */
interface Local {
  cancelled: boolean;
  progress: number;
  written: number;
  writes: Promise<void>;
  done: Promise<void>;
}

/** Finished jobs are kept this long for their files, then deleted. */
export const KEEP_MS = 30 * 60_000;
/** A running job whose node has not written progress for this long is taken as lost (the node stopped). */
export const STALE_MS = 10 * 60_000;
/** Jobs one user may have running at once, over every node. */
const MAX_RUNNING_PER_USER = 3;
/** Progress is written when it moved at least this much, so a report with many steps is a few writes. */
const PROGRESS_STEP = 0.05;

interface Row {
  id: string;
  company_id: number;
  user_id: number;
  name: string;
  lang: string;
  timezone: string;
  state: ReportJob["state"];
  progress: number;
  error: string | null;
  result: unknown;
}

/**
 * Report jobs, stored in the database so every API node answers a job's status, cancel and file whichever
 * node runs it. The node that accepted a job runs it, writes its progress (which also tells it when another
 * node cancelled) and stores the finished result that files are rendered from. A job belongs to the user and
 * company that started it; anyone else gets 404.
 */
export class ReportJobs {
  private readonly local = new Map<string, Local>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  async canStart(userId: number): Promise<boolean> {
    const rows = await this.db.query<{ n: number }>(
      "select count(*)::int as n from report_jobs where user_id = $1 and state = 'running' and heartbeat_ts > $2",
      [userId, this.now() - STALE_MS],
    );
    return (rows[0]?.n ?? 0) < MAX_RUNNING_PER_USER;
  }

  /**
   * Stores the job and starts `work` on this node; `work` gets a step callback that records progress and stops
   * a cancelled job. Answers once the job is stored, so a poll on any node finds it.
   */
  async start(
    owner: JobOwner,
    work: (step: (fraction: number) => void) => Promise<ReportResult>,
  ): Promise<ReportJob> {
    await this.sweep();
    const id = randomUUID();
    const ts = this.now();
    await this.db.query(
      `insert into report_jobs (id, company_id, user_id, name, lang, timezone, state, progress, created_ts, heartbeat_ts)
       values ($1, $2, $3, $4, $5, $6, 'running', 0, $7, $7)`,
      [id, owner.companyId, owner.userId, owner.name, owner.lang, owner.timezone, ts],
    );
    const local: Local = {
      cancelled: false,
      progress: 0,
      written: 0,
      writes: Promise.resolve(),
      done: Promise.resolve(),
    };
    const step = (fraction: number) => {
      if (local.cancelled) throw new ReportCancelled();
      local.progress = Math.max(local.progress, Math.min(1, fraction));
      if (local.progress - local.written >= PROGRESS_STEP) this.writeProgress(id, local);
    };
    // The work starts on the next turn so the caller answers with the job first; `done` settles only after the
    // final state is stored, and never rejects (failures are the job's state).
    local.done = Promise.resolve()
      .then(() => work(step))
      .then(
        (result) => this.finish(id, local, { state: "done", result, error: null }),
        (error: unknown) => {
          if (local.cancelled || error instanceof ReportCancelled)
            return this.finish(id, local, { state: "cancelled", result: null, error: null });
          const description =
            error instanceof Error && "statusCode" in error ? error.message : "report.failed";
          return this.finish(id, local, { state: "failed", result: null, error: description });
        },
      )
      // Storing the final state failed (database gone): the row stays running until a sweep marks it failed.
      .catch(() => undefined)
      .finally(() => this.local.delete(id));
    this.local.set(id, local);
    return { id, state: "running", progress: 0, error: null, result: null };
  }

  /** The job, if it belongs to this company and user. */
  async get(id: string, companyId: number, userId: number): Promise<StoredJob | null> {
    const rows = await this.db.query<Row>(
      `select id, company_id, user_id, name, lang, timezone, state, progress, error, result
       from report_jobs where id = $1 and company_id = $2 and user_id = $3`,
      [id, companyId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      companyId: row.company_id,
      userId: row.user_id,
      name: row.name,
      lang: row.lang,
      timezone: row.timezone,
      job: {
        id: row.id,
        state: row.state,
        progress: row.progress,
        error: row.error,
        result: row.result === null ? null : reportResultSchema.parse(row.result),
      },
    };
  }

  /** Whether this node runs the job (a file asked for before the job ends waits for it here). */
  runsHere(id: string): boolean {
    return this.local.has(id);
  }

  /** Resolves once a job this node runs has stored its final state (tests, and early file requests). */
  async settled(id: string): Promise<void> {
    await this.local.get(id)?.done;
  }

  /** Resolves once every job this node runs has stored its final state (shutdown, after HTTP closed). */
  async idle(): Promise<void> {
    await Promise.all([...this.local.values()].map((l) => l.done));
  }

  /** Cancels a running job from any node: the stored state says cancelled, and the running node stops. */
  async cancel(id: string, companyId: number, userId: number): Promise<boolean> {
    const rows = await this.db.query<{ state: string }>(
      `update report_jobs set state = case when state = 'running' then 'cancelled' else state end,
         finished_ts = coalesce(finished_ts, $4)
       where id = $1 and company_id = $2 and user_id = $3 returning state`,
      [id, companyId, userId, this.now()],
    );
    if (rows.length === 0) return false;
    const local = this.local.get(id);
    if (local) local.cancelled = true;
    return true;
  }

  /** Deletes finished jobs past their keeping time and fails running ones whose node went quiet. */
  async sweep(): Promise<void> {
    const now = this.now();
    await this.db.query("delete from report_jobs where finished_ts is not null and finished_ts < $1", [
      now - KEEP_MS,
    ]);
    await this.db.query(
      `update report_jobs set state = 'failed', error = 'report.failed', finished_ts = $1
       where state = 'running' and heartbeat_ts < $2 and not (id = any($3::text[]))`,
      [now, now - STALE_MS, [...this.local.keys()]],
    );
  }

  /** Queues a progress write; what it reads back tells this node that another one cancelled the job. */
  private writeProgress(id: string, local: Local): void {
    local.written = local.progress;
    const progress = local.progress;
    local.writes = local.writes
      .then(async () => {
        const rows = await this.db.query<{ state: string }>(
          "update report_jobs set progress = $2, heartbeat_ts = $3 where id = $1 and state = 'running' returning state",
          [id, progress, this.now()],
        );
        if (rows.length === 0) local.cancelled = true;
      })
      // A lost progress write only delays the bar; the chain must stay usable for the next write and finish().
      .catch(() => undefined);
  }

  /** Stores the final state unless the job was cancelled meanwhile (a cancel from any node wins). */
  private async finish(
    id: string,
    local: Local,
    end: { state: ReportJob["state"]; result: ReportResult | null; error: string | null },
  ): Promise<void> {
    await local.writes;
    await this.db.query(
      `update report_jobs set state = $2, progress = $3, result = $4, error = $5, finished_ts = $6, heartbeat_ts = $6
       where id = $1 and state = 'running'`,
      [id, end.state, end.state === "done" ? 1 : local.progress, end.result, end.error, this.now()],
    );
  }
}
