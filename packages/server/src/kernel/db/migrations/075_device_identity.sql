-- Frames refused for a device (another protocol than its declared type, a wrong or missing key): counted on the
-- device with the last time and reason, so its reseller sees an impersonation attempt or a misconfigured tracker.
alter table devices add column refused_frames int not null default 0;
alter table devices add column last_refused_ts bigint;
alter table devices add column last_refused_reason text;

-- A company may require a key of every device whose protocol can carry one (phones and HTTP trackers).
alter table companies add column require_device_keys boolean not null default false;
