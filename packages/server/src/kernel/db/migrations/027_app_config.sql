-- The worker app's configuration: a company's defaults, and per app device the settings
-- it overrides with when they changed and when the app last fetched them. A device is "awaiting" while its
-- configuration (the company's or its own) changed after its last fetch, "updated" once fetched.
create table company_app_configs (
  company_id int primary key references companies(id) on delete cascade,
  config jsonb not null,
  updated_ts bigint not null
);
create table device_app_configs (
  device_id int primary key references devices(id) on delete cascade,
  -- the settings this device overrides, {} when it follows the company
  override jsonb not null default '{}',
  changed_ts bigint,
  fetched_ts bigint
);
