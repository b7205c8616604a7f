-- Routes and playback read one item's positions in time order, in bounded chunks.
-- Positions are partitioned by company, then by day, so within a partition (item_type, item_id, ts) is the
-- item's key; the index is created on every existing partition and inherited by new ones.
create index if not exists positions_item_ts on positions (item_type, item_id, ts);
