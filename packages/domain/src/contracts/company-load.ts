import type { CompanyLoadResource } from "../api/company-load.ts";
import type { RouteContract } from "../model/contract.ts";
import { alarmsApi } from "./alarms.ts";
import { companyApi } from "./company.ts";
import { customStatesApi } from "./customization.ts";
import { devicesApi } from "./devices.ts";
import { groupsApi } from "./groups.ts";
import { indoorApi } from "./indoor.ts";
import { assetsApi, driversApi, personsApi } from "./items.ts";
import { placesApi } from "./places.ts";
import { vehiclesApi } from "./vehicles.ts";
import { worktimesApi } from "./worktimes.ts";

/**
 * The company load, resource by resource: the contract each GET answers with. The web app
 * loads them all when a company is selected and types each collection from its contract.
 */
export const companyLoadApi = {
  groups: groupsApi.list,
  vehicles: vehiclesApi.list,
  assets: assetsApi.list,
  timezones: companyApi.timezones,
  drivers: driversApi.list,
  geozones: placesApi.geozones,
  events: companyApi.events,
  sensors: companyApi.sensors,
  pois: placesApi.pois,
  trackers: devicesApi.companyTrackers,
  info: companyApi.info,
  worktimes: worktimesApi.list,
  "maintenances/inputs": companyApi.maintenanceInputs,
  "costs/inputs": companyApi.costInputs,
  "tickets/inputs": companyApi.ticketInputs,
  "users/inputs": companyApi.userInputs,
  report_types: companyApi.reportTypes,
  "trackers/inputs": devicesApi.trackerInputs,
  icons: companyApi.icons,
  cras: alarmsApi.cras,
  states: customStatesApi.list,
  ios: companyApi.ios,
  imaps: indoorApi.maps,
  ibeacons: indoorApi.beacons,
  "ibeacons/inputs": indoorApi.beaconInputs,
  layers: placesApi.layers,
  persons: personsApi.list,
} satisfies Record<CompanyLoadResource, RouteContract>;

export type CompanyLoadApi = typeof companyLoadApi;
