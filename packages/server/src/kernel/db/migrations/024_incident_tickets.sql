-- A ticket opened from an incident remembers the incident's key, so the incidents screen shows the ticket
-- on its row afterwards and a second "open a ticket" on the same incident is refused rather than duplicated.
alter table tickets add column incident_key text;
create unique index tickets_incident on tickets (company_id, incident_key) where incident_key is not null;
