-- Each vehicle's day on each itinerary it runs, as the live alarm engine follows it (stays so far and
-- deviations reported), written after every change so a restarted processor carries on the day without
-- raising a deviation again. One row per vehicle and itinerary: a new day replaces the old one.
create table itinerary_days (
  vehicle_id int not null references vehicles(id) on delete cascade,
  itinerary_id int not null references itineraries(id) on delete cascade,
  company_id int not null references companies(id) on delete cascade,
  day text not null,
  state jsonb not null,
  last_ts bigint not null,
  primary key (vehicle_id, itinerary_id)
);
create index itinerary_days_company on itinerary_days (company_id);
