-- Report jobs across API nodes: a job's state and finished result live here, not in one node's memory,
-- so whichever node a poll or a download reaches answers it. The node that runs a job writes its progress
-- (heartbeat_ts) and result; a cancel from any node sets the state, which the running node reads back on its
-- next progress write. Finished jobs are deleted after a while; a running job whose node stopped writing is
-- marked failed.
create table report_jobs (
  id text primary key,
  company_id int not null references companies(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  name text not null,
  lang text not null,
  timezone text not null,
  state text not null check (state in ('running', 'done', 'failed', 'cancelled')),
  progress double precision not null default 0,
  error text,
  result jsonb,
  created_ts bigint not null,
  heartbeat_ts bigint not null,
  finished_ts bigint
);
create index report_jobs_running on report_jobs (user_id) where state = 'running';
create index report_jobs_finished on report_jobs (finished_ts) where finished_ts is not null;
