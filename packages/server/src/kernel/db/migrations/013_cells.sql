-- Cell-tower and Wi-Fi positions. Towers come from an OpenCellID-format import (`vigia import-cells`),
-- keyed as devices report them; the cell id is bigint because NR cell ids take 36 bits.
create table cell_towers (
  mcc int not null,
  mnc int not null,
  lac int not null,
  cid bigint not null,
  radio text not null default '',
  lat double precision not null,
  lng double precision not null,
  range int not null default 0,
  samples int not null default 0,
  updated_ts bigint not null default 0,
  primary key (mcc, mnc, lac, cid)
);

-- Access points from an imported BSSID table, shared by every company.
create table wifi_aps (
  mac text primary key,
  lat double precision not null,
  lng double precision not null,
  range int not null default 0,
  samples int not null default 0,
  updated_ts bigint not null default 0
);

-- Access points a company's devices reported next to a good GPS fix: learned per company, never shared, and
-- looked up before the global table.
create table company_wifi_aps (
  company_id int not null references companies(id) on delete cascade,
  mac text not null,
  lat double precision not null,
  lng double precision not null,
  range int not null default 0,
  samples int not null default 1,
  seen_ts bigint not null,
  primary key (company_id, mac)
);

-- Where an import of a cell file got to, so a second run of the same file resumes (or finds it done).
create table cell_imports (
  file_key text primary key,
  lines bigint not null default 0,
  bytes bigint not null default 0,
  imported bigint not null default 0,
  errors bigint not null default 0,
  done boolean not null default false,
  updated_ts bigint not null
);
