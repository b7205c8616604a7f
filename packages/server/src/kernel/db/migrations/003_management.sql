-- Management: work timetables, the encoded app device type, and indexes the management lists need.

create table worktimes (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  timezone text not null default 'Europe/Madrid',
  -- [{id (0 = Sunday), enabled, from "HH:mm", to "HH:mm"}], Monday first.
  days jsonb not null default '[]',
  vehicles int[] not null default '{}',
  assets int[] not null default '{}',
  persons int[] not null default '{}',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index worktimes_company on worktimes(company_id);

-- The worker app: its free-text ids are stored hex-encoded (see domain devices.ts ENCODED_DEVICE_TYPE_ID).
insert into device_types (id, name, factory, description, port, proto, id_length, config_defaults)
values (5, 'Vigia App', 'Vigia', 'Worker app (Android / iOS)', null, 'app', null,
        '{"speedLimit":120,"interval":60,"sleepTime":30}')
on conflict (id) do nothing;

create index devices_reseller on devices(reseller_id);
create index audit_log_reseller_ts on audit_log(reseller_id, ts);

-- Current custom state of each item (0 = the white no-state).
alter table vehicles add column custom_state int not null default 0;
alter table assets add column custom_state int not null default 0;
alter table persons add column custom_state int not null default 0;
alter table drivers add column custom_state int not null default 0;

-- When the pending configuration was saved: the device counts as updated once it reports after this.
alter table devices add column config_requested_ts bigint;
