-- Commands sent to devices from the map: engine stop/resume, reboot, custom text. A command waits
-- as 'pending' until its device connects (or expires_ts passes), is 'sent' once written to the device, and ends
-- 'answered' or 'failed' with the device's text, or 'timeout' / 'expired'. Kept with the company for the audit.
create table device_commands (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  device_id int not null references devices(id) on delete cascade,
  imei text not null,
  protocol text not null,
  item_type smallint not null,
  item_id int not null,
  kind text not null,
  text text not null,
  status text not null default 'pending',
  result text,
  created_by text not null default '',
  created_ts bigint not null,
  sent_ts bigint,
  answered_ts bigint,
  expires_ts bigint not null
);
create index device_commands_item on device_commands (company_id, item_type, item_id, id desc);
create index device_commands_pending on device_commands (imei) where status in ('pending', 'sent');

-- A geozone's speed limit (km/h, optional): the speeding alarm family with value 0 uses the lowest limit of the
-- geozones an item is inside.
alter table geozones add column speed_limit int;
