-- Markers users drop on the live map: a name and a note at a point, personal (only the
-- author sees it) or shared with the company. Deleted with the company; an author's personal markers go with the
-- user, shared ones stay for the company.
create table map_markers (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  user_id int references users(id) on delete cascade,
  author text not null,
  name text not null,
  note text not null default '',
  lat double precision not null,
  lng double precision not null,
  shared boolean not null default false,
  created_ts bigint not null
);
create index map_markers_company on map_markers (company_id);
