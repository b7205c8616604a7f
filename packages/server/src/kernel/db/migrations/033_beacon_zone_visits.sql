-- Beacon-zone visits: item_visits also holds entries into beacon zones (place_kind 3). Beacon zones
-- number their ids apart from geozones and POIs, so the kind joins the key a visit is unique by.
alter table item_visits drop constraint item_visits_item_type_item_id_place_id_start_ts_company_id_key;
alter table item_visits add constraint item_visits_unique_place
  unique (item_type, item_id, place_kind, place_id, start_ts, company_id);
