-- Back office: stored files (attachments of revisions, tickets, forms, photos), costs and
-- maintenance revisions.

-- One row per stored file. The bytes live in the blob store (local directory or S3) under `storage_key`, a
-- server-made random name: no path a client sends ever reaches the store.
create table stored_files (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  storage_key text not null unique,
  name text not null,
  mime text not null,
  size int not null,
  created_by int references users(id) on delete set null,
  created_ts bigint not null
);
create index stored_files_company on stored_files (company_id);

create table costs (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  -- costs/inputs types: 1 maintenance, 2 repair, 3 toll, 4 tax
  type_id smallint not null,
  quantity double precision not null,
  unit_price double precision not null default 0,
  -- percent on top of quantity × unit price
  tax double precision not null default 0,
  currency text not null,
  -- the calendar day the cost belongs to (yyyy-mm-dd), no time zone
  date date not null,
  vehicle_id int references vehicles(id) on delete set null,
  driver_id int references drivers(id) on delete set null,
  asset_id int references assets(id) on delete set null,
  description text not null default '',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index costs_company_date on costs (company_id, date);
create index costs_vehicle on costs (vehicle_id) where vehicle_id is not null;

-- A maintenance revision of one vehicle or asset. It repeats every N km, days or engine hours (any mix; the
-- first one due wins) and warns a threshold before. Marking it done may schedule the next identical one.
create table maintenance_revisions (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  -- 1 vehicle, 2 asset
  item_type smallint not null check (item_type in (1, 2)),
  item_id int not null,
  task text not null,
  every_km double precision,
  every_days int,
  every_hours double precision,
  warn_km double precision not null default 0,
  warn_days int not null default 0,
  warn_hours double precision not null default 0,
  -- where the counting starts (odometer km, day, hour meter) and when it falls due
  base_km double precision,
  base_date date,
  base_hours double precision,
  due_km double precision,
  due_date date,
  due_hours double precision,
  -- 0 planned, 1 pending (within the warning or overdue), 2 done
  state smallint not null default 0,
  overdue boolean not null default false,
  -- last state notified: 0 none, 1 due soon, 2 overdue
  notified smallint not null default 0,
  done_date date,
  done_km double precision,
  done_hours double precision,
  workshop text not null default '',
  notes text not null default '',
  cost_id int references costs(id) on delete set null,
  file_ids int[] not null default '{}',
  -- the revision this one was scheduled from when the previous was marked done
  previous_id int references maintenance_revisions(id) on delete set null,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index maintenance_revisions_company on maintenance_revisions (company_id, state);
create index maintenance_revisions_item on maintenance_revisions (item_type, item_id) where state < 2;
