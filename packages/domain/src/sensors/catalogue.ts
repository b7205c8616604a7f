/**
 * One catalogue of sensors per device protocol: the name, unit and conversion of every attribute a codec
 * produces, which of them are technical (cell ids, upload modes) and which raw Teltonika `io<N>` elements
 * duplicate a named attribute. Pure data; `presentSensors` applies it together with the company's edits.
 */

/**
 * Units the panel can show; "" for counts, states and texts. The GSM signal's unit depends on the protocol
 * (see `gsmSignalUnit`): "/5" is a level out of 5, "dBm" a received power.
 */
export const SENSOR_UNITS = [
  "",
  "km",
  "m",
  "V",
  "A",
  "%",
  "/5",
  "/4",
  "/31",
  "dBm",
  "km/h",
  "h",
  "s",
  "°C",
  "L",
  "L/h",
  "mg",
] as const;
export type SensorUnit = (typeof SENSOR_UNITS)[number];

export type SensorGroup = "main" | "technical";

export interface SensorDef {
  /** Attribute key as the codec writes it (`ignition`, `io69`). */
  key: string;
  /** Text key under `sensors.name` in the web's translations. */
  name: string;
  unit: SensorUnit;
  /** Shown value = raw value × multiplier (for example metres → km: 0.001). */
  multiplier: number;
  decimals: number;
  group: SensorGroup;
  /** The named attribute this raw element duplicates: the raw one is not shown when the named one is. */
  twinOf?: string;
}

type Row = [
  key: string,
  name: string,
  unit?: SensorUnit,
  multiplier?: number,
  decimals?: number,
  group?: SensorGroup,
];

function defs(rows: Row[], twins: Record<string, string> = {}): SensorDef[] {
  return rows.map(([key, name, unit = "", multiplier = 1, decimals = 0, group = "main"]) => {
    const twinOf = twins[key];
    return { key, name, unit, multiplier, decimals, group, ...(twinOf ? { twinOf } : {}) };
  });
}

/** Attributes every codec names the same way (protocols normalise them). */
const COMMON: Row[] = [
  ["ignition", "ignition"],
  ["motion", "movement"],
  ["odometer", "odometer", "km", 0.001, 1],
  ["canOdometer", "canOdometer", "km", 0.001, 1],
  ["hours", "engineHours", "h", 1 / 3600, 1],
  ["power", "externalVoltage", "V", 1, 2],
  ["battery", "batteryVoltage", "V", 1, 2],
  ["batteryLevel", "batteryLevel", "%"],
  ["charging", "charging"],
  ["fuel", "fuelLevel", "%"],
  ["rssi", "gsmSignal"],
  ["driverId", "driverKey"],
  ["armed", "armed"],
  ["immobilized", "immobilized"],
  ["accuracy", "accuracy", "m", 1, 1],
  ["activity", "activity"],
  ["temperature", "temperature", "°C", 1, 1],
  ["alarm", "alarmCode", "", 1, 0, "technical"],
  ["hdop", "hdop", "", 1, 1, "technical"],
  ["pdop", "pdop", "", 1, 1, "technical"],
  ["mcc", "mcc", "", 1, 0, "technical"],
  ["mnc", "mnc", "", 1, 0, "technical"],
  ["lac", "lac", "", 1, 0, "technical"],
  ["cid", "cellId", "", 1, 0, "technical"],
  ["operator", "operator", "", 1, 0, "technical"],
  ["codec", "codec", "", 1, 0, "technical"],
  ["generationType", "generationType", "", 1, 0, "technical"],
  ["clientEvent", "clientEvent", "", 1, 0, "technical"],
  ["serial", "serial", "", 1, 0, "technical"],
  ["protocol", "protocolNumber", "", 1, 0, "technical"],
];

/** Teltonika FMB/FMC AVL ids (raw `io<N>`); the codec also writes the named twin for some of them. */
const TELTONIKA: Row[] = [
  ["io1", "digitalInput1"],
  ["io2", "digitalInput2"],
  ["io3", "digitalInput3"],
  ["io9", "analogInput1", "V", 0.001, 2],
  ["io12", "fuelUsedGps", "L", 0.001, 1],
  ["io13", "fuelRateGps", "L/h", 0.01, 2],
  ["io16", "odometer", "km", 0.001, 1],
  ["io17", "axisX", "mg", 1, 0, "technical"],
  ["io18", "axisY", "mg", 1, 0, "technical"],
  ["io19", "axisZ", "mg", 1, 0, "technical"],
  ["io21", "gsmSignal", "/5"],
  ["io24", "speed", "km/h"],
  ["io48", "fuelLevel", "%"],
  ["io66", "externalVoltage", "V", 0.001, 2],
  ["io67", "batteryVoltage", "V", 0.001, 2],
  ["io68", "batteryCurrent", "A", 0.001, 2],
  ["io69", "gnssStatus", "", 1, 0, "technical"],
  ["io72", "temperature", "°C", 0.1, 1],
  ["io78", "driverKey"],
  ["io80", "dataMode", "", 1, 0, "technical"],
  ["io89", "fuelLevel", "%"],
  ["io113", "batteryLevel", "%"],
  ["io179", "digitalOutput1"],
  ["io181", "pdop", "", 0.1, 1, "technical"],
  ["io182", "hdop", "", 0.1, 1, "technical"],
  ["io199", "tripOdometer", "km", 0.001, 1],
  ["io200", "sleepMode", "", 1, 0, "technical"],
  ["io205", "cellId", "", 1, 0, "technical"],
  ["io206", "lac", "", 1, 0, "technical"],
  ["io237", "networkType", "", 1, 0, "technical"],
  ["io239", "ignition"],
  ["io240", "movement"],
  ["io241", "operator", "", 1, 0, "technical"],
  ["io246", "towing"],
  ["io247", "crash"],
  ["io249", "jamming"],
  ["io252", "unplugged"],
  ["io253", "greenDrivingType", "", 1, 0, "technical"],
  ["io254", "greenDrivingValue", "", 1, 0, "technical"],
  ["io255", "overspeeding", "km/h"],
  ["io449", "engineHours", "h", 1 / 3600, 1],
];
const TELTONIKA_TWINS: Record<string, string> = {
  io16: "odometer",
  io21: "rssi",
  io48: "fuel",
  io66: "power",
  io67: "battery",
  io78: "driverId",
  io89: "fuel",
  io113: "batteryLevel",
  io181: "pdop",
  io182: "hdop",
  io205: "cid",
  io206: "lac",
  io239: "ignition",
  io240: "motion",
  io241: "operator",
  io449: "hours",
};

/** Concox GT06 terminal-information extras. */
const GT06: Row[] = [
  ["gpsTracking", "gpsTracking", "", 1, 0, "technical"],
  ["voltageLevel", "voltageLevel", "", 1, 0, "technical"],
  ["uploadMode", "uploadMode", "", 1, 0, "technical"],
];

/** What a protocol's codec writes beyond the common attributes. */
const BY_PROTOCOL: Record<string, SensorDef[]> = {
  teltonika: defs(TELTONIKA, TELTONIKA_TWINS),
  gt06: defs(GT06),
  osmand: [],
  mqtt: [],
};
const COMMON_DEFS = defs(COMMON);

/** The catalogue of one protocol (`teltonika`, `gt06`, `osmand`, `mqtt`; unknown: the common part). */
export function sensorCatalogue(protocol: string | null): SensorDef[] {
  return [...COMMON_DEFS, ...(BY_PROTOCOL[protocol ?? ""] ?? [])];
}

/** Every key any protocol's catalogue knows, for the settings screen (one row per key). */
export function allSensorDefs(): SensorDef[] {
  const seen = new Map<string, SensorDef>();
  for (const def of [...COMMON_DEFS, ...Object.values(BY_PROTOCOL).flat()])
    if (!seen.has(def.key)) seen.set(def.key, def);
  return [...seen.values()];
}
