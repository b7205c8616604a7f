/** Public surface of `items/`. Vehicles, assets, persons and drivers: guards, read models and routes shared by item capabilities. */
export { driverRoutes } from "./driver-routes.ts";
export {
  assertGroup,
  found,
  ITEM_TYPE_OF,
  type ItemsContext,
  parseId,
  publish,
  requireAdmin,
  requireItemWriter,
  uniqueField,
  visibleItem,
} from "./guard.ts";
export {
  listAssets,
  listDeviceTypes,
  listDrivers,
  listGroups,
  listPersons,
  listVehicles,
} from "./read-models.ts";
export { assetRoutes, personRoutes } from "./simple-routes.ts";
