-- Issue 19, provider media: a stored file belongs to a company or to a reseller (the photos of a reseller's
-- support contacts, which every company it assigns the contact to shows), never to both or neither.
alter table stored_files alter column company_id drop not null;
alter table stored_files add column reseller_id int references resellers(id) on delete cascade;
alter table stored_files add constraint stored_files_one_owner check ((company_id is null) <> (reseller_id is null));
create index stored_files_reseller on stored_files (reseller_id) where reseller_id is not null;
