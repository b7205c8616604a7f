import { queryOptions } from "@tanstack/react-query";
import { itinerariesApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The company's itineraries (the itineraries screen and its writes). */
export const itinerariesQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["itineraries", companyId],
    queryFn: () => api.call(itinerariesApi.list, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });

/** How a vehicle's or person's day kept to an itinerary. */
export const complianceQuery = (
  companyId: number,
  itineraryId: number | null,
  who: string | null,
  kind: string | undefined,
  itemId: number,
  day: string,
) =>
  queryOptions({
    queryKey: ["itineraryCompliance", companyId, itineraryId, who, day],
    queryFn: () =>
      api.call(itinerariesApi.compliance, {
        params: { companyId, id: itineraryId ?? 0 },
        query: kind === "person" ? { personId: itemId, day } : { vehicleId: itemId, day },
      }),
  });

/** Today's progress of an item along its itinerary (the live map's item panel). */
export const itineraryProgressQuery = (companyId: number, item: { kind: "vehicle" | "person"; id: number }) =>
  queryOptions({
    queryKey: ["itineraryProgress", companyId, item.kind, item.id],
    queryFn: () =>
      api.call(
        itinerariesApi.progress,
        {
          params: { companyId },
          query: item.kind === "person" ? { personId: item.id } : { vehicleId: item.id },
        },
        { quiet: true },
      ),
  });
