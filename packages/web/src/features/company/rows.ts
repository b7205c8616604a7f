import { useQueryClient } from "@tanstack/react-query";
import type { CompanyLoadResource } from "@vigia/domain";
import { useCallback, useMemo } from "react";
import { COMPANY_QUERY_KEY } from "./CompanyProvider.tsx";
import { useCompany } from "./company.ts";

/** A company-load collection (an object keyed by id) as an array of rows. */
export function useCompanyRows<T>(resource: CompanyLoadResource): T[] {
  const { data } = useCompany();
  const raw = data[resource];
  return useMemo(() => (raw && typeof raw === "object" ? (Object.values(raw) as T[]) : []), [raw]);
}

/** Reloads company-load collections after a write, so the map and every list show the change. */
export function useRefreshCompany(): (resources: readonly CompanyLoadResource[]) => Promise<void> {
  const queryClient = useQueryClient();
  const { companyId } = useCompany();
  return useCallback(
    async (resources) => {
      await Promise.all(
        resources.map((r) => queryClient.invalidateQueries({ queryKey: [COMPANY_QUERY_KEY, companyId, r] })),
      );
    },
    [queryClient, companyId],
  );
}
