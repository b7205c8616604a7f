/** Public surface of `derived/`. Derived history (trips, stops, idles, visits, driving events, days): its read API for reports and insights. */

export {
  averageSpeedKmh,
  COUNTER_STALE_M,
  counterDistanceM,
  dayFigures,
  dayInPeriod,
  MAX_PLAUSIBLE_KMH,
  tripFigures,
} from "./figures.ts";
export { type FuelSource, type VehicleFuel, type VehiclePeriod, vehiclesFuel } from "./fuel.ts";
export { type FuelEvent, fuelFromLevels } from "./fuel-levels.ts";
export { localDayOf, localMidnight, periodDays, wholeDays } from "./local-day.ts";
export { DERIVED_TABLES, type DerivedTable, ensureDerivedPartition } from "./partitions.ts";
export { type DerivedRange, days, drivingEvents, type ItemKey, idles, stops, trips, visits } from "./read.ts";
export { type RebuildOptions, rebuildDerived } from "./rebuild.ts";
export { itemPositions, rederiveStoredItem } from "./replay.ts";
export { DerivedService } from "./service.ts";
export { EVERY_COMPANY, readCompanyTimeZone, TimeZoneCache } from "./time-zones.ts";
