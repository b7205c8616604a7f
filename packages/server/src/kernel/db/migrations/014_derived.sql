-- Derived history: trips, stops, idle periods, place visits, driving events and daily per-item
-- aggregates, maintained by the processor after each commit and rebuilt by `vigia rebuild-derived`. Reports read
-- these and never re-derive a month from raw positions.
--
-- Partitioned like positions: by company (list), then by UTC day (range) of the row's start time, with names
-- `<table>_c<company>_d<yyyymmdd>` created on demand (derived/partitions.ts); retention drops a company's day
-- tables wholly before its horizon together with its position partitions (ingest/partitions.ts).
-- Times are epoch ms, distances metres, speeds km/h, durations ms, fuel litres, hours (engine time) seconds.

create table item_trips (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  start_ts bigint not null,
  end_ts bigint not null,
  start_lat double precision not null,
  start_lng double precision not null,
  end_lat double precision not null,
  end_lng double precision not null,
  distance_m double precision not null default 0,
  driving_ms bigint not null default 0,
  idle_ms bigint not null default 0,
  max_spd double precision not null default 0,
  avg_spd double precision not null default 0,
  fuel_used double precision,
  odometer_start double precision not null default 0,
  odometer_end double precision not null default 0,
  hours_start double precision not null default 0,
  hours_end double precision not null default 0,
  driver_id int,
  points int not null default 0,
  unique (item_type, item_id, start_ts, company_id)
) partition by list (company_id);
create index item_trips_item_ts on item_trips (item_type, item_id, start_ts);
create index item_trips_driver_ts on item_trips (driver_id, start_ts);

create table item_stops (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  start_ts bigint not null,
  end_ts bigint not null,
  lat double precision not null,
  lng double precision not null,
  -- Time within the stop with the ignition on (engine running while parked).
  idle_ms bigint not null default 0,
  driver_id int,
  unique (item_type, item_id, start_ts, company_id)
) partition by list (company_id);
create index item_stops_item_ts on item_stops (item_type, item_id, start_ts);

create table item_idles (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  start_ts bigint not null,
  end_ts bigint not null,
  lat double precision not null,
  lng double precision not null,
  fuel_used double precision,
  driver_id int,
  unique (item_type, item_id, start_ts, company_id)
) partition by list (company_id);
create index item_idles_item_ts on item_idles (item_type, item_id, start_ts);

-- place_kind: 1 geozone, 2 POI (the two share one id sequence).
create table item_visits (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  place_kind smallint not null,
  place_id int not null,
  start_ts bigint not null,
  end_ts bigint not null,
  distance_m double precision not null default 0,
  max_spd double precision not null default 0,
  driver_id int,
  unique (item_type, item_id, place_id, start_ts, company_id)
) partition by list (company_id);
create index item_visits_item_ts on item_visits (item_type, item_id, start_ts);
create index item_visits_place_ts on item_visits (place_id, start_ts);

-- kind: harshAcceleration, harshBraking, sharpTurn, overspeed, crash (domain DRIVING_EVENT_KINDS).
create table item_driving_events (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  ts bigint not null,
  kind text not null,
  lat double precision not null,
  lng double precision not null,
  spd double precision not null default 0,
  value double precision,
  driver_id int,
  unique (item_type, item_id, ts, kind, company_id)
) partition by list (company_id);
create index item_driving_events_item_ts on item_driving_events (item_type, item_id, ts);
create index item_driving_events_driver_ts on item_driving_events (driver_id, ts);

-- One row per item and local day of the company's time zone; day_start_ts is that local midnight in epoch ms.
create table item_days (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  day date not null,
  day_start_ts bigint not null,
  first_ts bigint not null,
  last_ts bigint not null,
  distance_m double precision not null default 0,
  driving_ms bigint not null default 0,
  idle_ms bigint not null default 0,
  stopped_ms bigint not null default 0,
  max_spd double precision not null default 0,
  avg_spd double precision not null default 0,
  fuel_used double precision,
  odometer_start double precision not null default 0,
  odometer_end double precision not null default 0,
  hours_start double precision not null default 0,
  hours_end double precision not null default 0,
  trips int not null default 0,
  driving_events int not null default 0,
  points int not null default 0,
  unique (item_type, item_id, day_start_ts, company_id)
) partition by list (company_id);
create index item_days_item_day on item_days (item_type, item_id, day_start_ts);

-- The processor's per-item derivation state (open trip/stop/idle/visits, today's running totals), written with
-- the rows it closes so a restart continues where it stopped.
create table derived_state (
  item_type smallint not null,
  item_id int not null,
  company_id int not null references companies(id) on delete cascade,
  state jsonb not null,
  last_ts bigint not null,
  updated_ts bigint not null,
  primary key (item_type, item_id)
);
create index derived_state_company on derived_state (company_id);
