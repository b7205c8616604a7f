-- Photos and clips a device attaches to its events. The file lives in stored_files (the company's);
-- the row keeps the item the device was on when it sent it, so the item's viewers (and only they) see it,
-- and the event's time the device gave, which links it to the notices of that moment.
create table event_media (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  device_id int not null references devices(id) on delete cascade,
  item_type smallint not null,
  item_id int not null,
  file_id int not null references stored_files(id) on delete cascade,
  event_ts bigint not null,
  event text not null default '',
  created_ts bigint not null
);
create index event_media_item on event_media (company_id, item_type, item_id, event_ts);
