/** Cell-tower and Wi-Fi positions: the resolver, the tables, the online service and the CSV import. */

export { CELL_CSV_HEADER, type CellRow, isCellHeader, parseCellRow } from "./cell-csv.ts";
export { IMPORT_BATCH, type ImportProgress, type ImportSummary, importCells, importWifi } from "./import.ts";
export { CellLocator, type OnlineGeolocation } from "./locator.ts";
export { geolocationRequest, OnlineGeolocator, type OnlineOptions } from "./online.ts";
export * from "./resolve.ts";
export { cellRoutes } from "./routes.ts";
export { knownPlaces, LEARNED_WIFI_RANGE, learnWifi } from "./store.ts";
export { unlocatedRoutes } from "./unlocated-route.ts";
export { isWifiHeader, normalMac, parseWifiRow, WIFI_CSV_HEADER, type WifiRow } from "./wifi-csv.ts";
