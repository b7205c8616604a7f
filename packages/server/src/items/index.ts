/** Public surface of `items/`. Vehicles, assets, persons and drivers: guards, read models and routes shared by item capabilities. */
export { driverRoutes } from "./driver-routes.ts";
export {
  assertGroup,
  found,
  type ItemsContext,
  parseId,
  publish,
  uniqueField,
} from "./guard.ts";
export { assertLicence } from "./licences.ts";
export { assetRoutes, personRoutes } from "./simple-routes.ts";
export {
  listAssets,
  listDeviceTypes,
  listDrivers,
  listGroups,
  listPersons,
  listVehicles,
} from "./store.ts";
