import { useQuery, useQueryClient } from "@tanstack/react-query";
import { appConfigApi, type CompanyAppConfig } from "@vigia/domain";
import { useCallback } from "react";
import { api } from "../../platform/api/instance.ts";

const appConfigKey = (companyId: number) => ["appConfig", companyId] as const;

/**
 * A company's worker app configuration (its defaults and app devices), one cache entry shared by /appconfig and
 * the device form, and the setter both use to store what a save answered.
 */
export function useCompanyAppConfig(companyId: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: appConfigKey(companyId ?? 0),
    enabled: companyId !== null,
    queryFn: () => api.call(appConfigApi.get, { params: { companyId: companyId ?? 0 } }, { quiet: true }),
  });
  const store = useCallback(
    (next: CompanyAppConfig) => {
      if (companyId !== null) queryClient.setQueryData(appConfigKey(companyId), next);
    },
    [companyId, queryClient],
  );
  return { query, store };
}
