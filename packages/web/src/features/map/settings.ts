import { DEFAULT_MAP_CONFIG, type MapConfig } from "@vigia/domain";

/** Map filters, persisted per company. */
export interface MapFilters {
  vehicles: boolean;
  pois: boolean;
  geozones: boolean;
  assets: boolean;
  persons: boolean;
  drivers: boolean;
  showListName: boolean;
}

export const DEFAULT_MAP_FILTERS: MapFilters = {
  vehicles: true,
  pois: true,
  geozones: true,
  assets: true,
  persons: true,
  drivers: true,
  showListName: true,
};

export interface MapSettings {
  filters: MapFilters;
  config: MapConfig;
}

export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const settingsKey = (companyId: number): string => `vigia.map.${companyId}`;

/** Keeps only known boolean keys, so a stale or hand-edited entry can never break the map. */
function mergeBooleans<T extends object>(defaults: T, raw: unknown): T {
  const out = { ...defaults };
  if (typeof raw !== "object" || raw === null) return out;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = (raw as Record<string, unknown>)[key as string];
    if (typeof value === "boolean") out[key] = value as T[keyof T];
  }
  return out;
}

export function readMapSettings(storage: SettingsStorage, companyId: number): MapSettings {
  let raw: { filters?: unknown; config?: unknown } = {};
  try {
    const text = storage.getItem(settingsKey(companyId));
    if (text) raw = JSON.parse(text) as typeof raw;
  } catch {
    // Corrupt entry: defaults.
  }
  return {
    filters: mergeBooleans(DEFAULT_MAP_FILTERS, raw?.filters),
    config: mergeBooleans({ ...DEFAULT_MAP_CONFIG } as MapConfig, raw?.config),
  };
}

export function writeMapSettings(storage: SettingsStorage, companyId: number, settings: MapSettings): void {
  storage.setItem(settingsKey(companyId), JSON.stringify(settings));
}
