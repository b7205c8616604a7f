-- Itineraries: a company's ordered waypoints with planned times, and the vehicles that follow
-- them on given days of the week. Waypoints and assignments are read and written whole with the itinerary.
create table itineraries (
  id serial primary key,
  company_id int not null references companies(id) on delete cascade,
  name text not null,
  -- [{kind, placeId, lat, lng, radius, time, before, after, minStay, maxStay}, …] in passing order
  waypoints jsonb not null default '[]',
  -- [{vehicleId, days: [0..6]}, …]; 0 is Sunday
  assignments jsonb not null default '[]',
  created_ts bigint not null,
  updated_ts bigint not null
);
create index itineraries_company on itineraries (company_id);
