-- Provider media: a stored file belongs to a company or to a reseller (the photos of a reseller's
-- support contacts, which every company it assigns the contact to shows), never to both or neither.
alter table stored_files alter column company_id drop not null;
alter table stored_files add column reseller_id int references resellers(id) on delete cascade;
alter table stored_files add constraint stored_files_one_owner check ((company_id is null) <> (reseller_id is null));
create index stored_files_reseller on stored_files (reseller_id) where reseller_id is not null;

-- Cameras attached to vehicles: a live stream and a still-image URL, both given
-- by the company; the server fetches snapshots through its egress guard, the browser never calls them.
create table cameras (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  vehicle_id int not null references vehicles(id) on delete cascade,
  name text not null,
  type text not null,
  stream_url text not null default '',
  snapshot_url text not null default '',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index cameras_vehicle on cameras (company_id, vehicle_id);
