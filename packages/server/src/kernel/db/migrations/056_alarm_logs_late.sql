-- Notices raised from buffered data (records older than the item's newest fix or the staleness limit) are marked,
-- so the notice window can tell them apart and a live client does not toast one its rule keeps quiet. Resending
-- the same data stores nothing twice: the unique index on rule, item and device time (alarm_logs_once) holds for
-- them as for live notices.
alter table alarm_logs add column late boolean not null default false;
