import type { FleetStatus, LiveItemState } from "@vigia/domain";
import type { FeatureCollection, Point } from "geojson";
import { type LiveKey, motionClass } from "../../platform/live/store.ts";
import type { Catalog, CatalogDriver } from "./catalog.ts";

/**
 * Drivers on the live map. A driver has no state of their own: they are where the vehicle they are
 * identified on is (iButton, tachograph card, beacon: the vehicle's `driverId` in the live store), or else where
 * their person's own device is. Everything here derives from the one live store, so a `vDriver`/`dVehicle`
 * message moves the marker with the next batch.
 */
export interface DriverPlace {
  /** The live item whose position the driver takes. */
  at: LiveKey;
  via: "vehicle" | "person";
}

export function driverPlaces(
  items: ReadonlyMap<LiveKey, LiveItemState>,
  drivers: ReadonlyMap<number, CatalogDriver>,
): Map<number, DriverPlace> {
  const places = new Map<number, DriverPlace>();
  const seen = new Map<number, number>();
  for (const [key, state] of items) {
    if (key[0] !== "v" || state.driverId === null || !drivers.has(state.driverId)) continue;
    // The server keeps one vehicle per driver; if two briefly claim one, the latest fix wins.
    const ts = state.pos?.ts ?? -1;
    if ((seen.get(state.driverId) ?? -2) >= ts) continue;
    seen.set(state.driverId, ts);
    places.set(state.driverId, { at: key, via: "vehicle" });
  }
  for (const driver of drivers.values()) {
    if (places.has(driver.id) || driver.personId === null) continue;
    const key: LiveKey = `p:${driver.personId}`;
    if (items.get(key)?.pos) places.set(driver.id, { at: key, via: "person" });
  }
  return places;
}

/** Two letters for the marker badge: the initials of the first two words, or the first two letters. */
export function driverInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? [...words[0]!].slice(0, 2) : words.slice(0, 2).map((w) => [...w][0]!);
  return letters.join("").toUpperCase();
}

/** Group filter of the map: a driver's own group, else the group of the item carrying them. */
export function driverInGroups(
  driver: CatalogDriver,
  carrier: LiveItemState | undefined,
  groups: Set<number> | null,
): boolean {
  if (!groups) return true;
  const groupId = driver.groupId ?? carrier?.groupId ?? null;
  return groupId !== null && groups.has(groupId);
}

export interface DriverProps {
  driverId: number;
  initials: string;
  selected: boolean;
}

/** The drivers' source: one point per placed driver that passes the filters, at their carrier's position. */
export function driverFeatures(
  items: ReadonlyMap<LiveKey, LiveItemState>,
  catalog: Pick<Catalog, "driverRows">,
  view: { showDrivers: boolean; groups: Set<number> | null },
  selected: number | null,
): FeatureCollection<Point, DriverProps> {
  const collection: FeatureCollection<Point, DriverProps> = { type: "FeatureCollection", features: [] };
  if (!view.showDrivers) return collection;
  for (const [driverId, place] of driverPlaces(items, catalog.driverRows)) {
    const driver = catalog.driverRows.get(driverId)!;
    const carrier = items.get(place.at);
    if (!carrier?.pos || !driverInGroups(driver, carrier, view.groups)) continue;
    collection.features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [carrier.pos.lng, carrier.pos.lat] },
      properties: { driverId, initials: driverInitials(driver.name), selected: driverId === selected },
    });
  }
  return collection;
}

export interface DriverListRow {
  driver: CatalogDriver;
  place: DriverPlace | null;
  status: FleetStatus;
}

/**
 * The drivers the item list shows: matching the search and groups, with the status of what carries them (no
 * data when nothing does); a chosen status keeps only drivers in it.
 */
export function driverListRows(
  items: ReadonlyMap<LiveKey, LiveItemState>,
  catalog: Pick<Catalog, "driverRows">,
  groups: Set<number> | null,
  search: string,
  status: FleetStatus | null,
): DriverListRow[] {
  const places = driverPlaces(items, catalog.driverRows);
  const rows: DriverListRow[] = [];
  for (const driver of catalog.driverRows.values()) {
    const place = places.get(driver.id) ?? null;
    const carrier = place ? items.get(place.at) : undefined;
    if (!driverInGroups(driver, carrier, groups)) continue;
    if (search !== "" && !driver.search.includes(search)) continue;
    const rowStatus = motionClass(carrier);
    if (status !== null && rowStatus !== status) continue;
    rows.push({ driver, place, status: rowStatus });
  }
  return rows;
}
