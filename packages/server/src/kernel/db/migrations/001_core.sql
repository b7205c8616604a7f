-- Core tenancy, identity and fleet tables. Timestamps are epoch milliseconds (bigint) as the API uses them.

create table settings (
  key text primary key,
  value jsonb not null
);

create table sites (
  id serial primary key,
  name text not null,
  timezone text not null default 'Europe/Madrid',
  branding jsonb not null default '{}'
);

create table site_hosts (
  host text primary key,
  site_id int not null references sites(id) on delete cascade
);

create table resellers (
  id serial primary key,
  parent_id int references resellers(id),
  site_id int references sites(id),
  name text not null,
  email text not null default '',
  phone text not null default '',
  conf jsonb not null default '{}',
  created_ts bigint not null
);
create index resellers_parent on resellers(parent_id);

create table companies (
  id serial primary key,
  reseller_id int not null references resellers(id),
  name text not null,
  email text not null default '',
  address text not null default '',
  phone text not null default '',
  nif text not null default '',
  contact text not null default '',
  demo boolean not null default false,
  country_id text not null default '',
  product_id int not null default 0,
  state smallint not null default 1 check (state between 0 and 4),
  conf jsonb not null default '{}',
  licenses jsonb not null default '{"vehicleTotal":0,"vehicleBillable":0,"assetTotal":0,"assetBillable":0}',
  retention_days int not null default 30 check (retention_days > 0),
  password_expiration_days int check (password_expiration_days is null or password_expiration_days > 0),
  restrictions jsonb not null default '{"timeRange":null,"ip":null}',
  map_type text not null default 'osm',
  cartography text not null default 'osm',
  cra_code text not null default '',
  centre jsonb,
  created_ts bigint not null,
  updated_ts bigint not null
);
create index companies_reseller on companies(reseller_id);

create table users (
  id serial primary key,
  email text not null,
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  phone text not null default '',
  country text not null default '',
  language text not null default 'es',
  timezone text not null default 'Europe/Madrid',
  description text not null default '',
  role text not null,
  read_only boolean not null default false,
  company_id int references companies(id) on delete cascade,
  reseller_id int references resellers(id) on delete cascade,
  selected_company_id int references companies(id) on delete set null,
  group_ids int[] not null default '{}',
  notifications jsonb not null default '{}',
  config jsonb not null default '{"alarmFrontSound":true}',
  restrictions jsonb not null default '{"timeRange":null,"ip":null}',
  login jsonb not null default '{"front":{"last":null,"prev":null},"app":{"last":null,"prev":null}}',
  pending_fails jsonb not null default '{"front":[],"app":[]}',
  map_bound jsonb,
  password_changed_ts bigint,
  created_ts bigint not null,
  updated_ts bigint not null,
  -- A user belongs either to a company or to a reseller.
  check ((company_id is null) <> (reseller_id is null))
);
create unique index users_email_key on users (lower(email));
create index users_company on users(company_id);

create table login_attempts (
  id bigserial primary key,
  email text not null,
  ip text not null,
  ts bigint not null,
  ok boolean not null
);
create index login_attempts_email_ts on login_attempts (lower(email), ts);

create table refresh_tokens (
  id text primary key,
  family_id text not null,
  user_id int not null references users(id) on delete cascade,
  secret_hash text not null,
  created_ts bigint not null,
  expires_ts bigint not null,
  used_ts bigint,
  revoked_ts bigint
);
create index refresh_tokens_family on refresh_tokens(family_id);

create table password_keys (
  key_hash text primary key,
  user_id int not null references users(id) on delete cascade,
  purpose text not null,
  created_ts bigint not null,
  expires_ts bigint not null,
  used_ts bigint
);

create table unsubscribe_keys (
  key_hash text primary key,
  user_id int references users(id) on delete cascade,
  email text not null,
  kind text not null,
  created_ts bigint not null,
  used_ts bigint
);

create table mail_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  created_ts bigint not null,
  sent_ts bigint,
  attempts int not null default 0,
  last_error text
);

create table audit_log (
  id bigserial primary key,
  ts bigint not null,
  company_id int references companies(id) on delete cascade,
  reseller_id int references resellers(id) on delete cascade,
  user_id int references users(id) on delete set null,
  user_email text not null default '',
  action text not null,
  entity text not null,
  entity_id text not null default '',
  data jsonb not null default '{}'
);
create index audit_log_company_ts on audit_log(company_id, ts);

create table groups (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  parent_id int references groups(id) on delete set null,
  created_ts bigint not null
);
create index groups_company on groups(company_id);

create table vehicles (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  group_id int references groups(id) on delete set null,
  plate text not null,
  name text not null default '',
  brand text not null default '',
  model text not null default '',
  type text not null default 'car',
  chassis_number text not null default '',
  fuel_tank double precision,
  engine_type smallint not null default 0,
  initial_mileage double precision not null default 0,
  initial_hours double precision not null default 0,
  odometer_source smallint not null default 1,
  fuel_source smallint not null default 0,
  fuel_factor double precision not null default 1,
  consumption jsonb not null default '{}',
  color text not null default '',
  intrack boolean not null default false,
  driver_id int,
  driver_ts bigint,
  custom_data jsonb not null default '{}',
  dtcs jsonb not null default '[]',
  created_ts bigint not null,
  updated_ts bigint not null,
  unique (company_id, plate)
);

create table assets (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  group_id int references groups(id) on delete set null,
  name text not null,
  type text not null default 'generic',
  custom_data jsonb not null default '{}',
  created_ts bigint not null,
  updated_ts bigint not null
);
create unique index assets_name_key on assets(company_id, lower(name));

create table persons (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  group_id int references groups(id) on delete set null,
  name text not null,
  custom_data jsonb not null default '{}',
  created_ts bigint not null,
  updated_ts bigint not null
);
create unique index persons_name_key on persons(company_id, lower(name));

create table drivers (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  group_id int references groups(id) on delete set null,
  name text not null,
  person_id int references persons(id) on delete set null,
  tachograph_card text not null default '',
  ibutton text not null default '',
  beacon text not null default '',
  email text not null default '',
  reference text not null default '',
  phone text not null default '',
  vehicle_id int references vehicles(id) on delete set null,
  vehicle_ts bigint,
  custom_data jsonb not null default '{}',
  created_ts bigint not null,
  updated_ts bigint not null
);
create unique index drivers_person_key on drivers(company_id, person_id) where person_id is not null;

create table device_types (
  id int primary key,
  name text not null,
  factory text not null default '',
  description text not null default '',
  port int,
  proto text not null,
  prefix text not null default '',
  id_length int,
  config_defaults jsonb not null default '{}'
);

create table devices (
  id serial primary key,
  device_id text not null unique,
  type_id int not null references device_types(id),
  reseller_id int references resellers(id),
  company_id int references companies(id) on delete set null,
  item_type smallint not null default 0,
  item_id int,
  name text not null default '',
  description text not null default '',
  sim jsonb not null default '{}',
  config jsonb not null default '{}',
  config_active boolean not null default false,
  config_state text not null default 'updated',
  country_id text not null default '',
  created_ts bigint not null,
  updated_ts bigint not null,
  first_connect_ts bigint
);
create index devices_company on devices(company_id);

-- Positions: one partition per company, each split by day, so that retention (per company) drops whole
-- partitions instead of deleting rows. The processor creates partitions ahead of need.
create table positions (
  company_id int not null,
  device_id int not null,
  item_type smallint not null default 0,
  item_id int,
  ts bigint not null,
  received_ts bigint not null,
  lat double precision not null,
  lng double precision not null,
  alt double precision not null default 0,
  spd double precision not null default 0,
  course double precision not null default 0,
  satt smallint not null default 0,
  valid boolean not null default true,
  src smallint not null default 1,
  attributes jsonb not null default '{}',
  unique (device_id, ts, company_id)
) partition by list (company_id);

create table item_state (
  item_type smallint not null,
  item_id int not null,
  company_id int not null references companies(id) on delete cascade,
  state jsonb not null,
  updated_ts bigint not null,
  primary key (item_type, item_id)
);
create index item_state_company on item_state(company_id);
