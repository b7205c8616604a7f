-- Map tools. Shared-route links: the token itself is never stored, only its SHA-256, so a read of
-- the database cannot open anyone's shared map. `items` holds [{itemType, itemId}] of the company's items.
create table share_links (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  token_hash text not null unique,
  items jsonb not null,
  created_by int references users(id) on delete set null,
  created_ts bigint not null,
  expires_ts bigint not null,
  revoked_ts bigint
);
create index share_links_company on share_links (company_id, expires_ts);

-- Virtual locks armed on parked items: moving more than radius_m from (lat, lng), or the ignition turning
-- on, raises the "virtualLock" alarm family while armed. until_ts: disarmed on schedule (null = until the user).
create table virtual_locks (
  company_id int not null references companies(id) on delete cascade,
  item_type smallint not null,
  item_id int not null,
  lat double precision not null,
  lng double precision not null,
  radius_m int not null,
  armed_by int references users(id) on delete set null,
  armed_ts bigint not null,
  until_ts bigint,
  primary key (item_type, item_id)
);
create index virtual_locks_company on virtual_locks (company_id);
