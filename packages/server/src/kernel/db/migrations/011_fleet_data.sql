-- A company's edits of the sensor catalogue: one row per sensor key it renamed,
-- re-united, scaled or hid. Empty name/unit and null multiplier keep the catalogue's.
create table sensor_settings (
  company_id int not null references companies(id) on delete cascade,
  key text not null,
  name text not null default '',
  unit text not null default '',
  multiplier double precision,
  hidden boolean not null default false,
  primary key (company_id, key)
);
