-- The worker app names each submission with an id made on the phone and sends it again after a lost answer:
-- the id is kept so the resend finds the stored submission instead of storing it twice. The phone's accuracy
-- goes with the position it sends.
alter table form_submissions add column client_id text;
alter table form_submissions add column accuracy double precision;
create unique index form_submissions_client on form_submissions (company_id, client_id) where client_id is not null;
