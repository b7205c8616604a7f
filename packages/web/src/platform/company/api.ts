import { queryOptions } from "@tanstack/react-query";
import {
  type CompanyLoadApi,
  type CompanyLoadResource,
  companyLoadApi,
  mapProvidersApi,
  type ResponseOf,
  resellerLoad,
} from "@vigia/domain";
import { api } from "../api/instance.ts";

/** Query key prefix of everything loaded for a company, so selection can drop it in one call. */
export const COMPANY_QUERY_KEY = "company";

/** The key of everything loaded for any company (a new selection drops it all). */
export const allCompanyLoadsKey = [COMPANY_QUERY_KEY] as const;

/** The key of one company-load collection: screens refresh or patch it after a write. */
export const companyLoadKey = (companyId: number | null, resource: CompanyLoadResource) =>
  [COMPANY_QUERY_KEY, companyId, resource] as const;

/** Every company-load collection, typed by its contract. */
export type CompanyLoadData = { [K in CompanyLoadResource]: ResponseOf<CompanyLoadApi[K]> };

/** One answered company-load call: which resource and its value, typed together. */
export type CompanyLoadEntry = {
  [K in CompanyLoadResource]: { resource: K; value: CompanyLoadData[K] };
}[CompanyLoadResource];

/**
 * The query of one company-load call. The cache holds the answer as the server sent it (screens patch it
 * in place); `select` hands it to the provider together with its resource name.
 */
const load =
  <K extends CompanyLoadResource>(resource: K, call: (companyId: number) => Promise<CompanyLoadData[K]>) =>
  (companyId: number | null) =>
    queryOptions({
      queryKey: companyLoadKey(companyId, resource),
      queryFn: () => call(companyId ?? 0),
      select: (value) => ({ resource, value }),
      enabled: companyId !== null,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });

/**
 * The company-load queries, one per resource, each calling through its contract (the mapped type makes a
 * missing or mistyped resource a compile error). Written out because a call typed from a generic resource
 * name would lose which response belongs to which resource.
 */
export const companyQueries = {
  groups: load("groups", (companyId) => api.call(companyLoadApi.groups, { params: { companyId } })),
  vehicles: load("vehicles", (companyId) => api.call(companyLoadApi.vehicles, { params: { companyId } })),
  assets: load("assets", (companyId) => api.call(companyLoadApi.assets, { params: { companyId } })),
  timezones: load("timezones", (companyId) => api.call(companyLoadApi.timezones, { params: { companyId } })),
  drivers: load("drivers", (companyId) => api.call(companyLoadApi.drivers, { params: { companyId } })),
  geozones: load("geozones", (companyId) => api.call(companyLoadApi.geozones, { params: { companyId } })),
  events: load("events", (companyId) => api.call(companyLoadApi.events, { params: { companyId } })),
  sensors: load("sensors", (companyId) => api.call(companyLoadApi.sensors, { params: { companyId } })),
  pois: load("pois", (companyId) => api.call(companyLoadApi.pois, { params: { companyId } })),
  trackers: load("trackers", (companyId) => api.call(companyLoadApi.trackers, { params: { companyId } })),
  info: load("info", (companyId) => api.call(companyLoadApi.info, { params: { companyId } })),
  worktimes: load("worktimes", (companyId) => api.call(companyLoadApi.worktimes, { params: { companyId } })),
  "maintenances/inputs": load("maintenances/inputs", (companyId) =>
    api.call(companyLoadApi["maintenances/inputs"], { params: { companyId } }),
  ),
  "costs/inputs": load("costs/inputs", (companyId) =>
    api.call(companyLoadApi["costs/inputs"], { params: { companyId } }),
  ),
  "tickets/inputs": load("tickets/inputs", (companyId) =>
    api.call(companyLoadApi["tickets/inputs"], { params: { companyId } }),
  ),
  "users/inputs": load("users/inputs", (companyId) =>
    api.call(companyLoadApi["users/inputs"], { params: { companyId } }),
  ),
  report_types: load("report_types", (companyId) =>
    api.call(companyLoadApi.report_types, { params: { companyId } }),
  ),
  "trackers/inputs": load("trackers/inputs", (companyId) =>
    api.call(companyLoadApi["trackers/inputs"], { params: { companyId } }),
  ),
  icons: load("icons", (companyId) => api.call(companyLoadApi.icons, { params: { companyId } })),
  cras: load("cras", (companyId) => api.call(companyLoadApi.cras, { params: { companyId } })),
  states: load("states", (companyId) => api.call(companyLoadApi.states, { params: { companyId } })),
  ios: load("ios", (companyId) => api.call(companyLoadApi.ios, { params: { companyId } })),
  imaps: load("imaps", (companyId) => api.call(companyLoadApi.imaps, { params: { companyId } })),
  ibeacons: load("ibeacons", (companyId) => api.call(companyLoadApi.ibeacons, { params: { companyId } })),
  "ibeacons/inputs": load("ibeacons/inputs", (companyId) =>
    api.call(companyLoadApi["ibeacons/inputs"], { params: { companyId } }),
  ),
  layers: load("layers", (companyId) => api.call(companyLoadApi.layers, { params: { companyId } })),
  persons: load("persons", (companyId) => api.call(companyLoadApi.persons, { params: { companyId } })),
} satisfies { [K in CompanyLoadResource]: unknown };

/** Files one answered call under its resource (the generic keeps resource and value together). */
export function storeEntry<K extends CompanyLoadResource>(
  data: Partial<CompanyLoadData>,
  entry: { resource: K; value: CompanyLoadData[K] },
): void {
  data[entry.resource] = entry.value;
}

/** Query key of one reseller-level query: the reseller load's entries and the reseller screens' own. */
export const resellerQueryKey = (resellerId: number, name: string) => ["reseller", resellerId, name] as const;

/** The key of every reseller-level query of a reseller (a company written changes the overview's counts too). */
export const resellerQueriesKey = (resellerId: number) => ["reseller", resellerId] as const;

/** One reseller-load query: its entry's key under the reseller, and the call that fetches it. */
function resellerQuery<T>(name: keyof typeof resellerLoad, fetch: (resellerId: number) => Promise<T>) {
  return (resellerId: number) =>
    queryOptions({ queryKey: resellerQueryKey(resellerId, name), queryFn: () => fetch(resellerId) });
}

/**
 * The reseller-load queries, one per entry; the calls of one subtree get the reseller's id. The load and the
 * reseller screens read these same queries, so a screen opens on what the load fetched.
 */
export const resellerQueries = {
  resellers: resellerQuery("resellers", () => api.call(resellerLoad.resellers, {})),
  companies: resellerQuery("companies", (resellerId) =>
    api.call(resellerLoad.companies, { params: { resellerId } }),
  ),
  ticketInputs: resellerQuery("ticketInputs", (resellerId) =>
    api.call(resellerLoad.ticketInputs, { params: { resellerId } }),
  ),
  userInputs: resellerQuery("userInputs", () => api.call(resellerLoad.userInputs, {})),
  trackerInputs: resellerQuery("trackerInputs", (resellerId) =>
    api.call(resellerLoad.trackerInputs, { params: { resellerId } }),
  ),
  timezones: resellerQuery("timezones", () => api.call(resellerLoad.timezones, {})),
  cras: resellerQuery("cras", (resellerId) => api.call(resellerLoad.cras, { params: { resellerId } })),
  states: resellerQuery("states", () => api.call(resellerLoad.states, {})),
  supports: resellerQuery("supports", (resellerId) =>
    api.call(resellerLoad.supports, { params: { resellerId } }),
  ),
} satisfies { [K in keyof typeof resellerLoad]: unknown };

/** The base maps the deployment offers (read once per session: they change only with the server's config). */
export const mapProvidersQuery = () =>
  queryOptions({
    queryKey: ["map-providers"],
    queryFn: () => api.call(mapProvidersApi.list, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
