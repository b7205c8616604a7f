-- Device identifiers the gateway heard from but nobody has registered yet.
create table unknown_devices (
  device_id text primary key,
  protocol text not null,
  remote text not null default '',
  first_seen_ts bigint not null,
  last_seen_ts bigint not null,
  messages int not null default 1
);

-- Driving and device events (harsh braking, SOS, power cut…), kept with the positions' retention.
create table events (
  id bigserial primary key,
  company_id int not null references companies(id) on delete cascade,
  device_id int not null,
  item_type smallint not null,
  item_id int not null,
  ts bigint not null,
  kind text not null,
  lat double precision not null,
  lng double precision not null,
  spd double precision not null default 0,
  value double precision,
  unique (device_id, ts, kind)
);
create index events_item_ts on events (item_type, item_id, ts);
create index events_company_ts on events (company_id, ts);
