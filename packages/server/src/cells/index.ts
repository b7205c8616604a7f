/** Cell-tower and Wi-Fi positions (issue 20): the resolver, the tables, the online service and the CSV import. */
export { CellLocator, type OnlineGeolocation } from "./locator.ts";
export * from "./resolve.ts";
export { knownPlaces, LEARNED_WIFI_RANGE, learnWifi } from "./store.ts";
