import type { CompanyLoadResource } from "@vigia/domain";
import {
  type CompanyRow,
  type KeyedResource,
  useCompany,
  useCompanyRows,
  useRefreshCompany,
} from "../../platform/company/index.ts";

/**
 * What a `CrudList` of one of the company's loaded collections reads: its rows, whether the company is still
 * loading, and the reload after a delete (the collection and what else the delete changed, `alsoReload`).
 */
export function useCompanyList<K extends KeyedResource>(
  resource: K,
  alsoReload: readonly CompanyLoadResource[] = [],
): { rows: CompanyRow<K>[]; loading: boolean; afterDelete: () => Promise<void> } {
  const { loading } = useCompany();
  const refresh = useRefreshCompany();
  const rows = useCompanyRows(resource);
  return { rows, loading, afterDelete: () => refresh([resource, ...alsoReload]) };
}
