-- Beacon zones: a named, coloured set of a company's beacons. Company-wide like the beacons.
create table beacon_zones (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  color text not null,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index beacon_zones_company on beacon_zones (company_id);

create table beacon_zone_beacons (
  zone_id int not null references beacon_zones(id) on delete cascade,
  beacon_id int not null references beacons(id) on delete cascade,
  primary key (zone_id, beacon_id)
);
create index beacon_zone_beacons_beacon on beacon_zone_beacons (beacon_id);
