import { queryOptions } from "@tanstack/react-query";
import { placesApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The geozones containing a position and the POIs within their radius. */
export const placesAtQuery = (companyId: number | null, lat: number, lng: number) =>
  queryOptions({
    queryKey: ["places-at", companyId, lat, lng],
    queryFn: () =>
      api.call(placesApi.at, { params: { companyId: companyId ?? 0 }, query: { lat, lng } }, { quiet: true }),
    enabled: companyId !== null,
    staleTime: 30_000,
  });
