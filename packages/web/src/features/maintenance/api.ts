import { queryOptions } from "@tanstack/react-query";
import { maintenanceApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The company's revisions (the maintenance screen and its writes). */
export const revisionsQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["maintenances", companyId],
    queryFn: () => api.call(maintenanceApi.list, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });

/** How many revisions fall due, in the user's scope (the dashboard's back-office figures). */
export const revisionCountsQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["dashboard", "maintenance", companyId],
    queryFn: () => api.call(maintenanceApi.counts, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });
