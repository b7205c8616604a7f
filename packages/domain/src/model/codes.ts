/** Numeric codes and enumerations the API and the web share. */

export const ITEM_TYPE = { unknown: 0, vehicle: 1, asset: 2, person: 3 } as const;
export type ItemType = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];
export const ITEM_TYPE_LETTER: Record<ItemType, string> = { 0: "", 1: "V", 2: "A", 3: "P" };

export const POSITION_SOURCE = { gpsFix: 1, gpsNoFix: 2, cellId: 3, wifi: 4, ble: 5 } as const;
export type PositionSource = (typeof POSITION_SOURCE)[keyof typeof POSITION_SOURCE];

/** Company state values: 0 and 1 active, 2 hides the badge, 3 suspended, 4 deactivated. */
export const COMPANY_STATE = { active0: 0, active: 1, neutral: 2, suspended: 3, deactivated: 4 } as const;
export type CompanyStateValue = 0 | 1 | 2 | 3 | 4;
export type BadgeColor = "green" | "red" | null;
export function companyBadge(state: number): BadgeColor {
  if (state === COMPANY_STATE.neutral) return null;
  return state === COMPANY_STATE.active0 || state === COMPANY_STATE.active ? "green" : "red";
}
/** Company states whose users and API keys the server refuses (suspended, deactivated). */
export const BLOCKED_COMPANY_STATES = [COMPANY_STATE.suspended, COMPANY_STATE.deactivated] as const;
export const isCompanyBlocked = (state: number): boolean =>
  state === COMPANY_STATE.suspended || state === COMPANY_STATE.deactivated;

export function companyBlockedModal(state: number): "suspended" | "deactivated" | null {
  if (state === COMPANY_STATE.suspended) return "suspended";
  if (state === COMPANY_STATE.deactivated) return "deactivated";
  return null;
}

export const VEHICLE_TYPES = [
  "bus",
  "car",
  "motorcycle",
  "ship",
  "truck",
  "van",
  "tractor",
  "machinery",
  "pickup",
  "boxVan",
  "bicycle",
  "scooter",
  "train",
  "lpg",
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const ENGINE_TYPE = { undefined: 0, thermal: 1, electric: 2, hybrid: 3, lpg: 4 } as const;
export type EngineType = 0 | 1 | 2 | 3 | 4;

/** Data origin for odometer and fuel: 0 nothing, 1 GPS, 2 CAN, 3 calculated. */
export const DATA_ORIGIN = { nothing: 0, gps: 1, can: 2, calculated: 3 } as const;
export type DataOrigin = 0 | 1 | 2 | 3;

export const ASSET_TYPES = [
  "generic",
  "suitcase",
  "pet",
  "dog",
  "cat",
  "cattle",
  "child",
  "bracelet",
  "box",
  "container",
  "pallet",
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ACTIVITY_TYPE = {
  still: 1,
  unknown: 2,
  walking: 3,
  running: 4,
  bicycle: 5,
  vehicle: 6,
} as const;

/** Custom state ids with a fixed meaning. */
export const CUSTOM_STATE_NONE = { id: 0, color: "#ffffff", description: "" } as const;
export const CUSTOM_STATE_ALL_ID = -1;

/** Map configuration flags, all default true. */
export const DEFAULT_MAP_CONFIG = {
  fast_sharp_turn: true,
  hard_braking: true,
  fast_acceleration: true,
  stops: true,
  cluster: true,
  onTrackChart: true,
} as const;
export type MapConfig = { -readonly [K in keyof typeof DEFAULT_MAP_CONFIG]: boolean };

export const LANGUAGES = ["es", "en", "pt", "fr", "it", "tr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";
export const FALLBACK_LANGUAGE: Language = "en";
