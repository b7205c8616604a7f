-- Itineraries are assigned to persons as well as vehicles: each assignment names its item's kind and id
-- ({itemType, itemId, days}) instead of a vehicle id. The vehicles' assignments so far stay theirs.
update itineraries
set assignments = coalesce(
  (
    select jsonb_agg(
      case
        when a ? 'vehicleId' then jsonb_build_object('itemType', 'vehicle', 'itemId', a->'vehicleId', 'days', a->'days')
        else a
      end
      order by ord
    )
    from jsonb_array_elements(assignments) with ordinality as t(a, ord)
  ),
  '[]'::jsonb
);
