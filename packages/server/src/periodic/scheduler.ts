import {
  BLOCKED_COMPANY_STATES,
  type Language,
  nextRunAt,
  type PeriodicRunStatus,
  reportPeriod,
  retryAt,
} from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import type { Mailer } from "../kernel/mail/mailer.ts";
import { periodicMail, recipientLanguage } from "./mail.ts";
import type { RenderReport, ReportFile } from "./render.ts";
import { getScheduleById, type ScheduleRecord, timingOf } from "./store.ts";

export interface SchedulerDeps {
  mailer: Mailer;
  egress: EgressGuard;
  render: RenderReport;
}

interface DueRun {
  runId: number;
  attempts: number;
  dueTs: number;
  fromTs: number;
  toTs: number;
}

/**
 * Runs periodic reports when they are due, by the injected clock. Exactly once per period across nodes: a node
 * first moves the schedule's next_run_ts forward with a compare-and-set (only one node's update matches), and
 * the run row is unique per schedule and due time, so a second claimant inserts nothing. A failed run is retried
 * with back-off (`retryAt`), claimed the same way, and its outcome is copied onto the schedule's row.
 */
export class PeriodicScheduler {
  private running: Promise<void> | null = null;

  constructor(
    private readonly ctx: KernelContext,
    private readonly deps: SchedulerDeps,
  ) {}

  /** One pass: due schedules, then due retries. Passes never overlap within a node. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const now = this.ctx.clock.now();
    const due = await this.ctx.db.query<{ id: number; next_run_ts: number }>(
      // A suspended company's schedules wait; once it is active again the period due runs.
      `select s.id, s.next_run_ts from periodic_schedules s join companies c on c.id = s.company_id
       where s.active and s.next_run_ts <= $1 and c.state <> all($2::int[]) order by s.next_run_ts limit 100`,
      [now, [...BLOCKED_COMPANY_STATES]],
    );
    for (const row of due) {
      const run = await this.claimSchedule(row.id, Number(row.next_run_ts), now);
      if (run) await this.execute(row.id, run);
    }
    const retries = await this.ctx.db.query<{ id: number; schedule_id: number; next_attempt_ts: number }>(
      `select id, schedule_id, next_attempt_ts from periodic_runs
       where status = 'failed' and next_attempt_ts <= $1 order by next_attempt_ts limit 100`,
      [now],
    );
    for (const row of retries) {
      const run = await this.claimRetry(Number(row.id), Number(row.next_attempt_ts), now);
      if (run) await this.execute(row.schedule_id, run);
    }
  }

  private async claimSchedule(id: number, dueTs: number, now: number): Promise<DueRun | null> {
    return this.ctx.db.transaction(async (tx) => {
      const schedule = await getScheduleById(tx, id);
      if (!schedule) return null;
      // A node that was down for several periods runs the latest one only, then continues from now.
      const next = nextRunAt(timingOf(schedule), Math.max(now, dueTs));
      const moved = await tx.query(
        "update periodic_schedules set next_run_ts = $1 where id = $2 and next_run_ts = $3 returning id",
        [next, id, dueTs],
      );
      if (moved.length === 0) return null;
      const period = reportPeriod(timingOf(schedule), dueTs);
      const inserted = await tx.query<{ id: number }>(
        `insert into periodic_runs (schedule_id, company_id, due_ts, from_ts, to_ts, status, attempts, started_ts)
         values ($1, $2, $3, $4, $5, 'running', 1, $6) on conflict (schedule_id, due_ts) do nothing returning id`,
        [id, schedule.company_id, dueTs, period.fromTs, period.toTs, now],
      );
      const runId = inserted[0]?.id;
      return runId === undefined ? null : { runId: Number(runId), attempts: 1, dueTs, ...period };
    });
  }

  private async claimRetry(runId: number, attemptTs: number, now: number): Promise<DueRun | null> {
    const rows = await this.ctx.db.query<{
      attempts: number;
      due_ts: number;
      from_ts: number;
      to_ts: number;
    }>(
      `update periodic_runs set status = 'running', attempts = attempts + 1, next_attempt_ts = null, started_ts = $3
       where id = $1 and status = 'failed' and next_attempt_ts = $2 returning attempts, due_ts, from_ts, to_ts`,
      [runId, attemptTs, now],
    );
    const row = rows[0];
    return row
      ? {
          runId,
          attempts: row.attempts,
          dueTs: Number(row.due_ts),
          fromTs: Number(row.from_ts),
          toTs: Number(row.to_ts),
        }
      : null;
  }

  private async execute(scheduleId: number, run: DueRun): Promise<void> {
    const schedule = await getScheduleById(this.ctx.db, scheduleId);
    if (!schedule) return;
    let status: PeriodicRunStatus;
    let error: string | null = null;
    try {
      status = await this.deliver(schedule, run);
    } catch (err) {
      status = "failed";
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      this.ctx.log.warn({ scheduleId, runId: run.runId, err: error }, "periodic report run failed");
    }
    const now = this.ctx.clock.now();
    const nextAttempt = status === "failed" ? retryAt(run.attempts, now) : null;
    await this.ctx.db.transaction(async (tx) => {
      await tx.query(
        "update periodic_runs set status = $2, error = $3, finished_ts = $4, next_attempt_ts = $5 where id = $1",
        [run.runId, status, error, now, nextAttempt],
      );
      await tx.query(
        "update periodic_schedules set last_run_ts = $2, last_status = $3, last_error = $4 where id = $1",
        [scheduleId, now, status, error],
      );
    });
  }

  /**
   * Renders the file, mails it to every recipient in their language (the report rendered once per language) and
   * posts it, in the owner's language, to the delivery URL; throws on any failure.
   */
  private async deliver(schedule: ScheduleRecord, run: DueRun): Promise<PeriodicRunStatus> {
    const languages = await this.languagesOf(schedule);
    const files = new Map<Language, Promise<ReportFile>>();
    const fileIn = (lang: Language): Promise<ReportFile> => {
      let file = files.get(lang);
      if (!file) {
        file = this.deps.render({
          companyId: schedule.company_id,
          reportType: schedule.report_type,
          selection: schedule.selection,
          fromTs: run.fromTs,
          toTs: run.toTs,
          timezone: schedule.timezone,
          format: schedule.format,
          title: schedule.name,
          ownerUserId: schedule.created_by,
          lang,
        });
        files.set(lang, file);
      }
      return file;
    };
    const { mailer } = this.deps;
    const failures: string[] = [];
    let queued = false;
    // Like every mail of a company: the subject and the signature name its brand.
    const brand = await this.ctx.links.brandNameForCompany(schedule.company_id);
    for (const to of schedule.recipients) {
      const lang = languages.of(to);
      const mail = periodicMail(
        {
          name: schedule.name,
          fromTs: run.fromTs,
          toTs: run.toTs,
          timezone: schedule.timezone,
          format: schedule.format,
        },
        lang,
      );
      const id = await mailer.send({
        to,
        subject: `${brand}: ${mail.subject}`,
        text: `${mail.text}\n\n— ${brand}`,
        attachments: [await fileIn(lang)],
      });
      const outcome = await mailer.outcome(id);
      if (outcome.status === "failed") {
        // The run's retry sends it again; the outbox must not send it a second time on its own.
        await mailer.abandon(id);
        failures.push(`${to}: ${outcome.error}`);
      } else if (outcome.status === "queued") queued = true;
    }
    if (schedule.delivery_url) await this.post(schedule.delivery_url, await fileIn(languages.owner));
    if (failures.length > 0) throw new Error(`mail failed for ${failures.join("; ")}`);
    return queued ? "outbox" : "sent";
  }

  /** The language of each recipient address and of the schedule's owner (`recipientLanguage`). */
  private async languagesOf(
    schedule: ScheduleRecord,
  ): Promise<{ of: (email: string) => Language; owner: Language }> {
    const company = await this.ctx.db.query<{ country_id: string }>(
      "select country_id from companies where id = $1",
      [schedule.company_id],
    );
    const country = company[0]?.country_id ?? "";
    const users = await this.ctx.db.query<{ id: number; email: string; language: string }>(
      `select id, lower(email) as email, language from users
       where company_id = $1 and (lower(email) = any($2::text[]) or id = $3)`,
      [schedule.company_id, schedule.recipients.map((r) => r.toLowerCase()), schedule.created_by ?? 0],
    );
    const byEmail = new Map(users.map((u) => [u.email, u.language]));
    const owner = users.find((u) => u.id === schedule.created_by)?.language ?? null;
    return {
      of: (email) => recipientLanguage(byEmail.get(email.toLowerCase()) ?? null, country),
      owner: recipientLanguage(owner, country),
    };
  }

  private async post(url: string, file: ReportFile): Promise<void> {
    const response = await this.deps.egress.fetch(url, {
      method: "POST",
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename}"`,
      },
      body: Buffer.from(file.content),
    });
    if (response.status < 200 || response.status >= 300)
      throw new Error(`delivery URL answered ${response.status}`);
  }
}
