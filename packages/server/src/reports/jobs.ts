import { randomUUID } from "node:crypto";
import type { ReportJob, ReportResult } from "@vigia/domain";
import { ReportCancelled } from "./run.ts";

interface Entry {
  job: ReportJob;
  companyId: number;
  userId: number;
  name: string;
  lang: string;
  timezone: string;
  cancelled: boolean;
  finishedTs: number | null;
}

/** Finished jobs are kept this long for their files, then forgotten. */
const KEEP_MS = 30 * 60_000;
/** Jobs one user may have running at once. */
const MAX_RUNNING_PER_USER = 3;

/**
 * Report jobs of this node, in memory: progress, cancellation and the finished result that files are made
 * from. A job belongs to the user and company that started it; anyone else gets 404.
 */
export class ReportJobs {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  runningFor(userId: number): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.userId === userId && e.job.state === "running") n++;
    return n;
  }

  canStart(userId: number): boolean {
    return this.runningFor(userId) < MAX_RUNNING_PER_USER;
  }

  /** Starts `work` as a job; `work` gets a step callback that records progress and stops a cancelled job. */
  start(
    owner: { companyId: number; userId: number; name: string; lang: string; timezone: string },
    work: (step: (fraction: number) => void) => Promise<ReportResult>,
  ): ReportJob {
    this.sweep();
    const id = randomUUID();
    const entry: Entry = {
      job: { id, state: "running", progress: 0, error: null, result: null },
      ...owner,
      cancelled: false,
      finishedTs: null,
    };
    this.entries.set(id, entry);
    const step = (fraction: number) => {
      if (entry.cancelled) throw new ReportCancelled();
      entry.job.progress = Math.max(entry.job.progress, Math.min(1, fraction));
    };
    // The work starts on the next turn so the caller answers with the job first.
    void Promise.resolve()
      .then(() => work(step))
      .then(
        (result) => {
          if (entry.cancelled) return;
          entry.job = { ...entry.job, state: "done", progress: 1, result };
        },
        (error: unknown) => {
          if (entry.cancelled || error instanceof ReportCancelled) {
            entry.job = { ...entry.job, state: "cancelled" };
            return;
          }
          const description =
            error instanceof Error && "statusCode" in error ? error.message : "report.failed";
          entry.job = { ...entry.job, state: "failed", error: description };
        },
      )
      .finally(() => {
        entry.finishedTs = this.now();
      });
    return entry.job;
  }

  get(id: string, companyId: number, userId: number): (Entry & { job: ReportJob }) | null {
    const entry = this.entries.get(id);
    if (!entry || entry.companyId !== companyId || entry.userId !== userId) return null;
    return entry;
  }

  /** Waits until the job is no longer running (tests, and files asked for before the job ends). */
  async settled(id: string): Promise<ReportJob | null> {
    for (;;) {
      const entry = this.entries.get(id);
      if (!entry) return null;
      if (entry.job.state !== "running") return entry.job;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  cancel(id: string, companyId: number, userId: number): boolean {
    const entry = this.get(id, companyId, userId);
    if (!entry) return false;
    if (entry.job.state === "running") {
      entry.cancelled = true;
      entry.job = { ...entry.job, state: "cancelled" };
    }
    return true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, e] of this.entries)
      if (e.finishedTs !== null && now - e.finishedTs > KEEP_MS) this.entries.delete(id);
  }
}
