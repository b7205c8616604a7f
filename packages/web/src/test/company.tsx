import type { ReactNode } from "react";
import { CompanyContext, type CompanyValue } from "../platform/company/index.ts";

/** A loaded company for screens that read it (`useCompany`, `useCompanyRows`), with the collections given. */
export function testCompany(data: CompanyValue["data"] = {}, companyId = 5): CompanyValue {
  return {
    companyId,
    selectedId: null,
    info: null,
    data,
    loading: false,
    progress: { done: 0, total: 0 },
    selectLocal: () => undefined,
    choose: async () => undefined,
    clear: async () => undefined,
  };
}

export function WithCompany({ value, children }: { value: CompanyValue; children: ReactNode }) {
  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>;
}
