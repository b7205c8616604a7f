-- Indoor maps (one floor plan per building level, placed by three corners) and Bluetooth beacons, whose
-- sightings become positions of source 5. Company-wide: every user of the company sees them.
create table indoor_maps (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  building text not null default '',
  level int not null default 0,
  photo_url text not null default '',
  -- {topLeft, topRight, bottomLeft: {lat, lng}, opacity} or null until placed
  geometry jsonb,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index indoor_maps_company on indoor_maps (company_id);

create table beacons (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  indoor_map_id int references indoor_maps(id) on delete set null,
  name text not null,
  -- what the beacon advertises, compared case-insensitively with the sightings
  uuid text not null,
  type text not null,
  measured_power int not null,
  n double precision not null,
  height double precision not null default 0,
  lat double precision not null,
  lng double precision not null,
  created_ts bigint not null,
  updated_ts bigint not null
);
create unique index beacons_company_uuid on beacons (company_id, lower(uuid));
