-- Brands are data a reseller manages: a site gets the reseller that manages it (null: the platform's own,
-- managed by super resellers) and the fields its screens, mails and sign-in page show.
alter table sites add column reseller_id int references resellers(id) on delete set null;
alter table sites add column primary_color text;
alter table sites add column logo_url text not null default '';
alter table sites add column favicon_url text not null default '';
alter table sites add column support_email text not null default '';
alter table sites add column support_phone text not null default '';
alter table sites add column privacy text not null default '';
alter table sites add column product_name text not null default '';
create index sites_reseller on sites (reseller_id);

update sites set logo_url = coalesce(branding->>'logoUrl', '');
update sites set branding = branding - 'logoUrl';

-- A site some reseller uses and its parent does not is managed by the highest such reseller.
update sites s set reseller_id = (
  select r.id from resellers r left join resellers p on p.id = r.parent_id
  where r.site_id = s.id and p.site_id is distinct from s.id order by r.id limit 1
) where s.id <> (select min(id) from sites);

-- `resellers.site_id` is now the reseller's own brand; null inherits the nearest one up the tree. A copy of
-- the parent's becomes an inheritance, so a later change of the parent's brand reaches the sub-reseller too.
update resellers r set site_id = null
where r.parent_id is not null and r.site_id = (select p.site_id from resellers p where p.id = r.parent_id);
