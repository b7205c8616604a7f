/**
 * The signed-in company's session context, used by the frame and every company screen: the selected company and
 * its loaded collections, the reseller load, the refresh after writes and live changes, and the company's base map.
 */

export {
  type CompanyLoadData,
  companyLoadKey,
  mapProvidersQuery,
  resellerQueries,
  resellerQueriesKey,
  resellerQueryKey,
} from "./api.ts";
export { type BaseMapChoice, pickProvider, useBaseMap, useMapProviders } from "./base-map.ts";
export { CompanyContext, type CompanyValue, useCompany, useCompanyIdForCalls } from "./company.ts";
export { CompanyProvider } from "./company-provider.tsx";
export { refreshCompanyOnMessage, resourcesChangedBy } from "./live-refresh.ts";
export { useResellerLoad } from "./reseller-load.ts";
export { type CompanyRow, type KeyedResource, useCompanyRows, useRefreshCompany } from "./rows.ts";
