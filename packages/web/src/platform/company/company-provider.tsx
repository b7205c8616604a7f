import { useQueries, useQueryClient } from "@tanstack/react-query";
import { COMPANY_LOAD_RESOURCES, currentUserApi, isResellerOrHigher } from "@vigia/domain";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { api } from "../api/instance.ts";
import { useSession } from "../session/session.ts";
import {
  allCompanyLoadsKey,
  type CompanyLoadData,
  type CompanyLoadEntry,
  companyQueries,
  storeEntry,
} from "./api.ts";
import { CompanyContext, type CompanyValue } from "./company.ts";

interface LoadResult {
  data?: CompanyLoadEntry;
  isPending: boolean;
}

/** Folds the company-load queries into one object (kept outside the component so it stays stable). */
function combineLoad(results: LoadResult[]) {
  const data: Partial<CompanyLoadData> = {};
  for (const result of results) if (result.data) storeEntry(data, result.data);
  return {
    data,
    done: results.filter((r) => !r.isPending).length,
    pending: results.some((r) => r.isPending),
  };
}

export function CompanyProvider({ children }: { children: ReactNode }) {
  const { user, storage, setUser } = useSession();
  const queryClient = useQueryClient();
  const reseller = user ? isResellerOrHigher(user.role) : false;
  const [selectedId, setSelectedId] = useState<number | null>(() =>
    reseller ? storage.readCompanyId() : null,
  );

  // A new sign-in starts from what this tab remembers; signing out forgets it.
  useEffect(() => {
    if (!user) setSelectedId(null);
    else if (isResellerOrHigher(user.role)) setSelectedId(storage.readCompanyId());
  }, [user, storage]);

  // A reload opens the company this tab remembers from the first render that has the session, not one render
  // later (the effect above): the route guard would meanwhile have sent a reseller to the companies list.
  const selected = selectedId ?? (reseller ? storage.readCompanyId() : null);
  const companyId = user ? (user.companyId ?? selected) : null;

  const queries = useQueries({
    queries: COMPANY_LOAD_RESOURCES.map((resource) => companyQueries[resource](companyId)),
    combine: combineLoad,
  });

  const selectLocal = useCallback(
    (id: number) => {
      queryClient.removeQueries({ queryKey: allCompanyLoadsKey });
      storage.writeCompanyId(id);
      setSelectedId(id);
    },
    [queryClient, storage],
  );

  const choose = useCallback(
    async (id: number) => {
      const updated = await api.call(currentUserApi.selectCompany, { params: { companyId: id } });
      setUser(updated);
      selectLocal(id);
    },
    [selectLocal, setUser],
  );

  const clear = useCallback(async () => {
    if (reseller) await api.call(currentUserApi.selectCompany, { params: { companyId: 0 } }).then(setUser);
    queryClient.removeQueries({ queryKey: allCompanyLoadsKey });
    storage.writeCompanyId(null);
    setSelectedId(null);
  }, [reseller, queryClient, storage, setUser]);

  const { data, done, pending } = queries;
  const loading = companyId !== null && pending;
  const info = data.info ?? null;

  const value = useMemo<CompanyValue>(
    () => ({
      companyId,
      selectedId: selected,
      info,
      data,
      loading,
      progress: { done, total: COMPANY_LOAD_RESOURCES.length },
      selectLocal,
      choose,
      clear,
    }),
    [companyId, selected, info, data, loading, done, selectLocal, choose, clear],
  );
  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>;
}
