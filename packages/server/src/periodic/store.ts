import {
  nextRunAt,
  type PeriodicRow,
  type PeriodicRun,
  type PeriodicRunStatus,
  type PeriodicSelection,
  type PeriodicWrite,
  type ReportTypeId,
} from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/** Rows of periodic_schedules and periodic_runs, read and written by company. */
export interface ScheduleRecord {
  id: number;
  company_id: number;
  name: string;
  active: boolean;
  report_type: ReportTypeId;
  selection: PeriodicSelection;
  frequency: PeriodicRow["frequency"];
  week_day: number;
  month_day: number;
  hour: number;
  timezone: string;
  recipients: string[];
  format: PeriodicRow["format"];
  delivery_url: string;
  next_run_ts: number | null;
  last_run_ts: number | null;
  last_status: PeriodicRunStatus | null;
  last_error: string | null;
  created_by: number | null;
  created_ts: number;
  updated_ts: number;
}

export const timingOf = (s: ScheduleRecord) => ({
  frequency: s.frequency,
  weekDay: s.week_day,
  monthDay: s.month_day,
  hour: s.hour,
  timezone: s.timezone,
});

export function toRow(s: ScheduleRecord): PeriodicRow {
  return {
    id: s.id,
    name: s.name,
    active: s.active,
    reportType: s.report_type,
    selection: s.selection,
    frequency: s.frequency,
    weekDay: s.week_day,
    monthDay: s.month_day,
    hour: s.hour,
    timezone: s.timezone,
    recipients: s.recipients,
    format: s.format,
    deliveryUrl: s.delivery_url,
    nextRunTs: s.active ? s.next_run_ts : null,
    lastRunTs: s.last_run_ts,
    lastStatus: s.last_status,
    lastError: s.last_error,
    createdTs: s.created_ts,
    updatedTs: s.updated_ts,
  };
}

const COLUMNS = `id, company_id, name, active, report_type, selection, frequency, week_day, month_day, hour, timezone,
  recipients, format, delivery_url, next_run_ts, last_run_ts, last_status, last_error, created_by, created_ts, updated_ts`;

export async function listSchedules(db: Queryable, companyId: number): Promise<ScheduleRecord[]> {
  return db.query<ScheduleRecord>(
    `select ${COLUMNS} from periodic_schedules where company_id = $1 order by lower(name), id`,
    [companyId],
  );
}

export async function getSchedule(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<ScheduleRecord | null> {
  const rows = await db.query<ScheduleRecord>(
    `select ${COLUMNS} from periodic_schedules where company_id = $1 and id = $2`,
    [companyId, id],
  );
  return rows[0] ?? null;
}

export async function getScheduleById(db: Queryable, id: number): Promise<ScheduleRecord | null> {
  const rows = await db.query<ScheduleRecord>(`select ${COLUMNS} from periodic_schedules where id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

const values = (b: PeriodicWrite, now: number) => [
  b.name,
  b.active,
  b.reportType,
  JSON.stringify(b.selection),
  b.frequency,
  b.weekDay,
  b.monthDay,
  b.hour,
  b.timezone,
  JSON.stringify(b.recipients),
  b.format,
  b.deliveryUrl,
  nextRunAt(b, now),
  now,
];

export async function insertSchedule(
  db: Queryable,
  companyId: number,
  userId: number | null,
  body: PeriodicWrite,
  now: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into periodic_schedules (name, active, report_type, selection, frequency, week_day, month_day, hour,
       timezone, recipients, format, delivery_url, next_run_ts, created_ts, updated_ts, company_id, created_by)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $14, $15, $16) returning id`,
    [...values(body, now), companyId, userId],
  );
  return rows[0]!.id;
}

/** A changed schedule runs next at its new time; runs already made stay in its history. */
export async function updateSchedule(
  db: Queryable,
  companyId: number,
  id: number,
  body: PeriodicWrite,
  now: number,
): Promise<void> {
  await db.query(
    `update periodic_schedules set name = $1, active = $2, report_type = $3, selection = $4::jsonb, frequency = $5,
       week_day = $6, month_day = $7, hour = $8, timezone = $9, recipients = $10::jsonb, format = $11,
       delivery_url = $12, next_run_ts = $13, updated_ts = $14
     where company_id = $15 and id = $16`,
    [...values(body, now), companyId, id],
  );
}

export async function deleteSchedule(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    "delete from periodic_schedules where company_id = $1 and id = $2 returning id",
    [companyId, id],
  );
  return rows.length > 0;
}

interface RunRecord {
  id: number;
  schedule_id: number;
  due_ts: number;
  from_ts: number;
  to_ts: number;
  status: PeriodicRunStatus;
  attempts: number;
  error: string | null;
  started_ts: number;
  finished_ts: number | null;
  next_attempt_ts: number | null;
}

export const RUNS_SHOWN = 50;

export async function listRuns(db: Queryable, companyId: number, scheduleId: number): Promise<PeriodicRun[]> {
  const rows = await db.query<RunRecord>(
    `select id, schedule_id, due_ts, from_ts, to_ts, status, attempts, error, started_ts, finished_ts, next_attempt_ts
     from periodic_runs where company_id = $1 and schedule_id = $2 order by due_ts desc, id desc limit ${RUNS_SHOWN}`,
    [companyId, scheduleId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    scheduleId: r.schedule_id,
    dueTs: Number(r.due_ts),
    fromTs: Number(r.from_ts),
    toTs: Number(r.to_ts),
    status: r.status,
    attempts: r.attempts,
    error: r.error,
    startedTs: Number(r.started_ts),
    finishedTs: r.finished_ts === null ? null : Number(r.finished_ts),
    nextAttemptTs: r.next_attempt_ts === null ? null : Number(r.next_attempt_ts),
  }));
}
