-- Streets and house numbers for readable addresses without a third party: filled by `vigia import-addresses`
-- from an OpenStreetMap extract and, in demo mode, from the simulated fleet's street network. Global like the
-- cell tables (a street is no tenant's data). Both tables are looked up by a grid cell (0.002° of latitude and
-- longitude, `geocoding/cells.ts`), so finding what lies near a point is one index probe per cell on PGlite and
-- PostgreSQL alike, without PostGIS.

-- One import per file (name, size and time) or demo network, with its resume point: the number of features
-- written, each batch committed together with it. A completed import replaces the earlier ones of the same file
-- name (a newer extract of the same region).
create table address_imports (
  id serial primary key,
  file_key text not null unique,
  file_name text not null,
  source text not null check (source in ('osm', 'demo')),
  written bigint not null default 0,
  streets bigint not null default 0,
  points bigint not null default 0,
  done boolean not null default false,
  updated_ts bigint not null
);

-- Streets as short straight pieces (at most about 100 m, so each lies in the cell of its middle and a lookup
-- only reads the cells around the point), in order along their way (`seq`). Unnamed roads are kept for the
-- street layer of the map and skipped by lookups. House-number ranges (left and right of the piece's direction)
-- where the source gives them, for interpolation.
create table address_streets (
  import_id int not null references address_imports(id) on delete cascade,
  way_id bigint not null,
  seq int not null,
  cell bigint not null,
  name text not null,
  kind text not null,
  lat1 float8 not null,
  lng1 float8 not null,
  lat2 float8 not null,
  lng2 float8 not null,
  left_from int,
  left_to int,
  right_from int,
  right_to int,
  primary key (import_id, way_id, seq)
);
create index address_streets_cell on address_streets (cell);

-- Address points: entrances and buildings with a house number (`ref` is the OSM node or way, unique per import).
create table address_points (
  import_id int not null references address_imports(id) on delete cascade,
  ref bigint not null,
  cell bigint not null,
  lat float8 not null,
  lng float8 not null,
  street text not null,
  housenumber text not null,
  postcode text not null default '',
  city text not null default '',
  primary key (import_id, ref)
);
create index address_points_cell on address_points (cell);
