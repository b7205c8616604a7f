-- The derivation's own engine (odometer, hours, driver, last fix) beside its state: history is derived from the
-- item's positions in device-time order, whatever order they arrived in, so it cannot borrow live state's engine
-- (which never goes back for a buffered position).
alter table derived_state add column engine jsonb;

-- Where an item's derivation can start again: its state and engine before the first fix of each local day. A
-- position older than what was derived (a buffered upload) re-derives the item from the checkpoint before it.
create table derived_checkpoints (
  item_type smallint not null,
  item_id int not null,
  ts bigint not null,
  company_id int not null references companies(id) on delete cascade,
  state jsonb not null,
  engine jsonb not null,
  primary key (item_type, item_id, ts)
);
create index derived_checkpoints_company on derived_checkpoints (company_id, ts);
