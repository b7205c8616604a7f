import { useQueryClient } from "@tanstack/react-query";
import type { CompanyLoadResource } from "@vigia/domain";
import { useCallback, useMemo } from "react";
import { type CompanyLoadData, companyLoadKey } from "./api.ts";
import { useCompany } from "./company.ts";

/** The company-load resources that are collections keyed by id. */
export type KeyedResource = {
  [K in CompanyLoadResource]: CompanyLoadData[K] extends Record<string, { id: number | string }> ? K : never;
}[CompanyLoadResource];

/** The row type of a keyed company-load collection. */
export type CompanyRow<K extends KeyedResource> =
  CompanyLoadData[K] extends Record<string, infer Row> ? Row : never;

/** The keyed collections seen as records of their rows (what `useCompanyRows` reads). */
type KeyedData = { [K in KeyedResource]?: Record<string, CompanyRow<K>> };

/** A company-load collection (an object keyed by id) as an array of rows; empty until it has loaded. */
export function useCompanyRows<K extends KeyedResource>(resource: K): CompanyRow<K>[] {
  const data: KeyedData = useCompany().data;
  const raw = data[resource];
  return useMemo(() => (raw ? Object.values(raw) : []), [raw]);
}

/** Reloads company-load collections after a write, so the map and every list show the change. */
export function useRefreshCompany(): (resources: readonly CompanyLoadResource[]) => Promise<void> {
  const queryClient = useQueryClient();
  const { companyId } = useCompany();
  return useCallback(
    async (resources) => {
      await Promise.all(
        resources.map((r) => queryClient.invalidateQueries({ queryKey: companyLoadKey(companyId, r) })),
      );
    },
    [queryClient, companyId],
  );
}
