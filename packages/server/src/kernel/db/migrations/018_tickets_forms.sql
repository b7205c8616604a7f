-- Tickets (incidents and service requests) with their state history, checklist tasks and comments, and
-- custom forms with versions (old submissions keep the fields they were entered for) and submissions.

create table tickets (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  type text not null check (type in ('incident', 'serviceRequest')),
  title text not null,
  description text not null default '',
  priority text not null default 'medium',
  state text not null default 'open' check (state in ('open', 'inProgress', 'resolved', 'closed')),
  assignee_id int references users(id) on delete set null,
  requester_id int references users(id) on delete set null,
  requester_name text not null default '',
  link_kind text,
  link_id int,
  -- Group of the linked item when the ticket was written: group-scoped users see tickets of their groups.
  group_id int,
  alarm_log_id bigint references alarm_logs(id) on delete set null,
  -- Newest first: { ts, by, kind, state, assignee, note }.
  history jsonb not null default '[]',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index tickets_company on tickets (company_id, state);

create table ticket_tasks (
  id serial primary key,
  ticket_id int not null references tickets(id) on delete cascade,
  text text not null,
  done boolean not null default false,
  done_by text,
  done_ts bigint,
  position int not null
);
create index ticket_tasks_ticket on ticket_tasks (ticket_id);

create table ticket_comments (
  id serial primary key,
  ticket_id int not null references tickets(id) on delete cascade,
  ts bigint not null,
  author_id int references users(id) on delete set null,
  author text not null,
  from_provider boolean not null default false,
  text text not null,
  -- { id, name, size, type } of files in the file store.
  attachments jsonb not null default '[]'
);
create index ticket_comments_ticket on ticket_comments (ticket_id);

create table forms (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  description text not null default '',
  active boolean not null default true,
  version int not null default 1,
  group_ids int[] not null default '{}',
  -- [{ itemType, itemId }]
  items jsonb not null default '[]',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index forms_company on forms (company_id);

create table form_versions (
  form_id int not null references forms(id) on delete cascade,
  version int not null,
  fields jsonb not null,
  created_ts bigint not null,
  primary key (form_id, version)
);

create table form_submissions (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  form_id int not null references forms(id) on delete cascade,
  version int not null,
  item_type text not null,
  item_id int not null,
  item_name text not null default '',
  group_id int,
  author_id int references users(id) on delete set null,
  author text not null,
  ts bigint not null,
  lat double precision,
  lng double precision,
  source text not null default 'web',
  "values" jsonb not null
);
create index form_submissions_form on form_submissions (form_id, ts);
