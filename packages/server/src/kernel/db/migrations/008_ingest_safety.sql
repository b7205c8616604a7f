-- Positions the ingest could not store (the database refused the row) or would not store (time in the
-- future or before 1970, coordinates out of range): kept with the reason and the frame as it arrived, so
-- that a reseller can see what a device sends, instead of the row failing its batch or vanishing.
-- The device is answered for them, so it does not resend them forever.
create table ingest_quarantine (
  id bigserial primary key,
  -- Null when the device was on no company when the frame came.
  company_id int references companies(id) on delete cascade,
  device_id int references devices(id) on delete set null,
  imei text not null,
  protocol text not null,
  reason text not null,
  error text not null default '',
  -- The frame as received: hex for binary protocols, text for HTTP and MQTT; capped in size.
  raw_format text,
  raw text,
  -- The decoded position, when there was one.
  position jsonb,
  received_ts bigint not null
);
-- The screen lists newest first; retention deletes by company and age.
create index ingest_quarantine_received on ingest_quarantine (received_ts desc);
create index ingest_quarantine_company on ingest_quarantine (company_id, received_ts);
create index ingest_quarantine_device on ingest_quarantine (device_id, received_ts);
