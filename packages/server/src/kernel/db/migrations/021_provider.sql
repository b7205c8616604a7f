-- Provider tools: two-factor sign-in, company API keys, data forwarding, support contacts.

-- TOTP: `totp_secret` once the first code proved the authenticator holds it; `totp_pending` while it has not.
-- `totp_last_step` is the last accepted time step, so a code works once (no replay inside its 30 s).
alter table users add column totp_secret text;
alter table users add column totp_pending text;
alter table users add column totp_last_step bigint;
-- Enforced per company (every user of it) and per reseller (its staff).
alter table companies add column require_totp boolean not null default false;
alter table resellers add column require_totp boolean not null default false;

-- API keys: only the SHA-256 of the secret is kept; `prefix` lets people tell keys apart in lists.
create table api_keys (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  role text not null,
  read_only boolean not null,
  ip text,
  created_by int references users(id) on delete set null,
  created_ts bigint not null,
  last_used_ts bigint,
  last_used_ip text,
  revoked_ts bigint
);
create index api_keys_company on api_keys(company_id);

-- Data forwarding targets of a company (conf.postsender[] in the spec; secrets kept out of `conf`, which
-- every user of the company reads).
create table forward_targets (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('webhook', 'mqtt', 'osmand')),
  url text not null,
  secret text not null default '',
  topic text not null default '',
  batch_size int not null default 50 check (batch_size between 1 and 500),
  active boolean not null default true,
  attempts int not null default 0,
  next_attempt_ts bigint not null default 0,
  last_success_ts bigint,
  last_error text,
  last_error_ts bigint,
  -- A node delivering to the target holds it until this time, so two nodes never send the same batch.
  lease_ts bigint not null default 0,
  created_ts bigint not null
);
create index forward_targets_company on forward_targets(company_id);

-- The persistent retry queue: one row per record to send; deleted once the target acknowledged it.
create table forward_queue (
  id bigserial primary key,
  target_id int not null references forward_targets(id) on delete cascade,
  payload jsonb not null,
  created_ts bigint not null
);
create index forward_queue_target on forward_queue(target_id, id);

-- Records a target refused for good, or that kept failing past the retry limit.
create table forward_dead (
  id bigserial primary key,
  target_id int not null references forward_targets(id) on delete cascade,
  payload jsonb not null,
  error text not null,
  created_ts bigint not null,
  dead_ts bigint not null
);
create index forward_dead_target on forward_dead(target_id, id);
