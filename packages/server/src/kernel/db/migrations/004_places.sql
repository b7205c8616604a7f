-- Places: geozones (circle or polygon), points of interest and WMS layers.
-- Geozones and POIs draw their ids from one sequence so a place id names exactly one place: the alarm engine
-- keeps both kinds in one id → zone map.
create sequence places_id_seq;

create table geozones (
  id int primary key default nextval('places_id_seq'),
  company_id int not null references companies(id) on delete cascade,
  -- null: company-wide, visible to every user of the company
  group_id int references groups(id) on delete set null,
  name text not null,
  color text not null,
  description text not null default '',
  type text not null check (type in ('circle', 'polygon')),
  -- circle centre, or the polygon's vertex mean (for labels and sorting)
  lat double precision not null,
  lng double precision not null,
  radius double precision,
  -- open ring [{lat, lng}, …] for polygons, [] for circles
  points jsonb not null default '[]',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index geozones_company on geozones (company_id);

create table pois (
  id int primary key default nextval('places_id_seq'),
  company_id int not null references companies(id) on delete cascade,
  group_id int references groups(id) on delete set null,
  name text not null,
  color text not null,
  icon text not null default 'pin',
  radius double precision not null,
  address text not null default '',
  lat double precision not null,
  lng double precision not null,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index pois_company on pois (company_id);

create table wms_layers (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  url text not null,
  name text not null,
  title text not null,
  created_ts bigint not null
);
create index wms_layers_company on wms_layers (company_id);
