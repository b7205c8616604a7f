import { queryOptions } from "@tanstack/react-query";
import { costsApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/**
 * The company's costs as every screen reads them (the costs list, the revisions' cost column): one query key, so a
 * change saved on one screen refreshes the others.
 */
export const costsQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["costs", companyId],
    queryFn: () => api.call(costsApi.list, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });
