-- An alarm fires once per rule, item and position time: a processor that takes over a partition after a crash
-- replays frames the dead one may already have evaluated, and the second notice must not be stored or sent.
-- Earlier duplicates (none are expected) are folded into the first one before the index is built.
delete from alarm_logs a using alarm_logs b
  where a.rule_id is not null and a.rule_id = b.rule_id and a.item_type = b.item_type and a.item_id = b.item_id
    and a.ts = b.ts and a.id > b.id;
create unique index alarm_logs_once on alarm_logs (rule_id, item_type, item_id, ts) where rule_id is not null;
