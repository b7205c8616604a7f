-- Periodic reports: schedules, their runs (one per schedule and due time, which is what makes a run happen once
-- even when several nodes tick), and mail attachments kept in the outbox with the mail.

create table periodic_schedules (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  active boolean not null default true,
  report_type text not null,
  selection jsonb not null,
  frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
  week_day smallint not null check (week_day between 0 and 6),
  month_day smallint not null check (month_day between 1 and 28),
  hour smallint not null check (hour between 0 and 23),
  timezone text not null,
  recipients jsonb not null,
  format text not null check (format in ('pdf', 'xlsx', 'csv')),
  delivery_url text not null default '',
  next_run_ts bigint,
  last_run_ts bigint,
  last_status text,
  last_error text,
  created_by int references users(id) on delete set null,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index periodic_schedules_company on periodic_schedules (company_id);
create index periodic_schedules_due on periodic_schedules (next_run_ts) where active;

create table periodic_runs (
  id bigserial primary key,
  schedule_id int not null references periodic_schedules(id) on delete cascade,
  company_id int not null references companies(id) on delete cascade,
  due_ts bigint not null,
  from_ts bigint not null,
  to_ts bigint not null,
  status text not null check (status in ('running', 'sent', 'outbox', 'failed')),
  attempts int not null default 1,
  error text,
  started_ts bigint not null,
  finished_ts bigint,
  next_attempt_ts bigint,
  unique (schedule_id, due_ts)
);
create index periodic_runs_retry on periodic_runs (next_attempt_ts) where status = 'failed';

alter table mail_outbox add column attachments jsonb;
