import { queryOptions } from "@tanstack/react-query";
import { beaconZonesApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The company's beacon zones. */
export const beaconZonesQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["beaconZones", companyId],
    queryFn: () => api.call(beaconZonesApi.list, { params: { companyId: companyId ?? 0 } }),
  });
