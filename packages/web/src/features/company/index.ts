/** What other features and the app use of the company capability: the loaded company and its collections. */

export { pickProvider, useBaseMap, useBaseMapOn, useCompanyBaseMap, useMapProviders } from "./baseMap.ts";
export { COMPANY_QUERY_KEY, CompanyProvider } from "./CompanyProvider.tsx";
export { CustomDataFields } from "./CustomDataFields.tsx";
export { CompanyContext, type CompanyValue, useCompany, useCompanyIdForCalls } from "./company.ts";
export type { CompanyLoadData } from "./companyLoad.ts";
export { refreshCompanyOnMessage, resourcesChangedBy } from "./liveRefresh.ts";
export { resellerQueryKey, useResellerLoad } from "./resellerLoad.ts";
export { type CompanyRow, useCompanyRows, useRefreshCompany } from "./rows.ts";
