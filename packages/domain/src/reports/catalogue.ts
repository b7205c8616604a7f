/**
 * The report catalogue. Each type says which selections it reads, which
 * ranges apply, whether the screen draws a chart above the table and a map preview beside it.
 */
export const REPORT_TYPE_IDS = [
  "route",
  "trips",
  "stops",
  "summary",
  "summaryDaily",
  "drivingEvents",
  "driverScore",
  "speeding",
  "idle",
  "offline",
  "geozoneVisits",
  "poiVisits",
  "beaconZoneVisits",
  "alarmNotices",
  "sensors",
  "fuel",
  "odometerDaily",
  "worktimeCompliance",
  "driverActivity",
  "costs",
] as const;
export type ReportTypeId = (typeof REPORT_TYPE_IDS)[number];

/** What a report is about: tracked items (vehicles, assets, persons) or drivers. */
export type ReportSubject = "items" | "vehicles" | "drivers";
export type ReportRange = "maxSpeed" | "minStopTime" | "offlineTime" | "inactivityTime";
export type ReportChart =
  | "distancePerDay"
  | "distancePerItem"
  | "speedProfile"
  | "scorePerDriver"
  | "sensorValues"
  | "fuelPerItem"
  | "costPerCategory";

export interface ReportTypeDef {
  id: ReportTypeId;
  subject: ReportSubject;
  ranges: readonly ReportRange[];
  chart: ReportChart | null;
  map: boolean;
  /** Uses the event or sensor selections. */
  uses?: "events" | "sensors";
  zones?: boolean;
}

export const REPORT_TYPES: readonly ReportTypeDef[] = [
  { id: "route", subject: "items", ranges: [], chart: "speedProfile", map: true },
  { id: "trips", subject: "items", ranges: [], chart: "distancePerDay", map: true },
  { id: "stops", subject: "items", ranges: ["minStopTime"], chart: null, map: true },
  { id: "summary", subject: "items", ranges: [], chart: "distancePerItem", map: false },
  { id: "summaryDaily", subject: "items", ranges: [], chart: "distancePerDay", map: false },
  { id: "drivingEvents", subject: "items", ranges: [], chart: null, map: true, uses: "events" },
  {
    id: "driverScore",
    subject: "drivers",
    ranges: ["maxSpeed", "inactivityTime"],
    chart: "scorePerDriver",
    map: false,
  },
  { id: "speeding", subject: "items", ranges: ["maxSpeed"], chart: null, map: true },
  { id: "idle", subject: "items", ranges: ["inactivityTime"], chart: null, map: true },
  { id: "offline", subject: "items", ranges: ["offlineTime"], chart: null, map: false },
  { id: "geozoneVisits", subject: "items", ranges: [], chart: null, map: true, zones: true },
  { id: "poiVisits", subject: "items", ranges: [], chart: null, map: true, zones: true },
  // Indoors: the zones are sets of beacons, nothing the outdoor map preview could draw.
  { id: "beaconZoneVisits", subject: "items", ranges: [], chart: null, map: false, zones: true },
  { id: "alarmNotices", subject: "items", ranges: [], chart: null, map: false, uses: "events" },
  { id: "sensors", subject: "items", ranges: [], chart: "sensorValues", map: false, uses: "sensors" },
  { id: "fuel", subject: "vehicles", ranges: [], chart: "fuelPerItem", map: false },
  { id: "odometerDaily", subject: "vehicles", ranges: [], chart: "distancePerDay", map: false },
  { id: "worktimeCompliance", subject: "items", ranges: [], chart: null, map: false },
  { id: "driverActivity", subject: "drivers", ranges: [], chart: "distancePerDay", map: false },
  { id: "costs", subject: "vehicles", ranges: [], chart: "costPerCategory", map: false },
];

export function reportTypeDef(id: ReportTypeId): ReportTypeDef {
  return REPORT_TYPES.find((t) => t.id === id)!;
}

/** Limits: beyond them a report answers 406 "search too broad" before any work. */
export const REPORT_LIMITS = {
  /** Items × days a report may cover (1000 items × 31 days). */
  itemDays: 1000 * 31,
  /** Charts and sensor tables: fewer than 1000 items. */
  chartItems: 1000,
  /** Rows an export holds (an XLSX sheet holds 1,048,576; PDF and screen stay far below). */
  rows: 200_000,
  /** Driving events shown per route. */
  drivingEventsPerRoute: 500,
  /** Longest period, days (two years, the widest date preset). */
  days: 730,
} as const;

export const REPORT_FORMATS = ["screen", "pdf", "xlsx", "csv"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Date presets, in days back from now (0: today, custom: the picker's own range). */
export const DATE_PRESETS = {
  today: 0,
  yesterday: 1,
  lastWeek: 7,
  last2Weeks: 14,
  lastMonth: 30,
  last3Months: 90,
  lastYear: 365,
  twoYears: 730,
} as const;
export type DatePreset = keyof typeof DATE_PRESETS | "custom";

/** Time-range options of the ranges, ms; 0 is "all". */
export const RANGE_OPTIONS_MS = [0, 60_000, 600_000, 3_600_000, 28_800_000, 86_400_000] as const;
