-- Alarms: rules, the notices they raise (with their state history, per-user seen marks and per-channel
-- deliveries), the engine's persisted episode markers and snapshots, browser push subscriptions and the
-- alarm-receiving centres notices can be forwarded to.

create table alarm_rules (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  family int not null,
  item_type smallint not null,
  active boolean not null default true,
  -- The rule as the API shows it, without id and timestamps.
  rule jsonb not null,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index alarm_rules_company on alarm_rules (company_id);

create table alarm_logs (
  id bigserial primary key,
  company_id int not null references companies(id) on delete cascade,
  rule_id int references alarm_rules(id) on delete set null,
  item_type smallint not null,
  item_id int not null,
  -- Group of the item when the alarm fired: group-scoped users see notices of their groups.
  group_id int,
  item_name text not null default '',
  ts bigint not null,
  reception_ts bigint not null,
  -- A copy of the rule's info and notification at firing time: editing the rule later changes no notice.
  info jsonb not null,
  data jsonb not null,
  state_value smallint not null default 0 check (state_value between 0 and 2),
  state jsonb not null
);
create index alarm_logs_company_ts on alarm_logs (company_id, ts);

create table alarm_log_seen (
  log_id bigint not null references alarm_logs(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  ts bigint not null,
  primary key (log_id, user_id)
);

create table alarm_deliveries (
  id bigserial primary key,
  log_id bigint not null references alarm_logs(id) on delete cascade,
  channel text not null,
  target text not null,
  status text not null,
  attempts int not null default 0,
  last_error text,
  mail_id bigint,
  payload jsonb not null default '{}',
  next_ts bigint,
  updated_ts bigint not null
);
create index alarm_deliveries_log on alarm_deliveries (log_id);
create index alarm_deliveries_retry on alarm_deliveries (next_ts) where next_ts is not null;

-- Last fired episode per rule and item (for timers: the episode's start), so a restart never fires it twice.
create table alarm_episodes (
  rule_id int not null references alarm_rules(id) on delete cascade,
  item_type smallint not null,
  item_id int not null,
  episode bigint not null,
  primary key (rule_id, item_type, item_id)
);

-- The engine's zone memberships, motion starts and monthly consumption, snapshotted per company.
create table alarm_engine_state (
  company_id int primary key references companies(id) on delete cascade,
  state jsonb not null,
  updated_ts bigint not null
);

create table push_subscriptions (
  id serial primary key,
  user_id int not null references users(id) on delete cascade,
  endpoint text not null unique,
  keys jsonb not null,
  created_ts bigint not null
);

create table cras (
  id serial primary key,
  reseller_id int not null references resellers(id) on delete cascade,
  name text not null,
  url text not null,
  created_ts bigint not null
);
