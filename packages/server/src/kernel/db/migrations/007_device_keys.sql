-- Optional per-device key for protocols without a credential of their own (OsmAnd over HTTP): when set,
-- the listener refuses positions that do not carry it. A secret: shown only to those who may edit the device.
alter table devices add column device_key text;
