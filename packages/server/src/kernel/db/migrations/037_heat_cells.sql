-- Heat maps over a month: positions of each closed UTC day folded once into H3 hexagons per item, so a
-- month of a fleet is read as a few hundred thousand small rows instead of being grouped again from every
-- position. Built in the background for days that have ended (insights/heat-days.ts); a day whose positions
-- change afterwards (a device uploading its buffer, a demo history, a rebuild) is built again, and read from its
-- positions until then.

-- Each change to the positions of a day that had already ended, with its place in one sequence: comparing
-- sequence numbers (not clocks) tells whether a day's cells were built before or after its last change.
create sequence history_seq;
create table position_day_changes (
  company_id int not null references companies(id) on delete cascade,
  day_start_ts bigint not null,
  seq bigint not null,
  primary key (company_id, day_start_ts)
);

-- Days whose cells are built, with the sequence number taken when the build began.
create table heat_days (
  company_id int not null references companies(id) on delete cascade,
  day_start_ts bigint not null,
  built_seq bigint not null,
  primary key (company_id, day_start_ts)
);

-- Positions per item, UTC day and H3 cell (resolution 8, as a 64-bit index), partitioned like positions and
-- dropped with them by retention.
create table heat_cells (
  company_id int not null,
  item_type smallint not null,
  item_id int not null,
  day_start_ts bigint not null,
  h3 bigint not null,
  n int not null,
  unique (company_id, day_start_ts, item_type, item_id, h3)
) partition by list (company_id);
