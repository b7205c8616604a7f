import { z } from "zod";

/**
 * Devices (trackers): identifier rules, the encoded special type, SIM, configuration.
 */

/** The one device type whose identifier is stored encoded: the Vigia worker app (free-text ids, often e-mails). */
export const ENCODED_DEVICE_TYPE_ID = 5;
export const DEVICE_DESCRIPTION_MAX = 800;
export const DEVICE_PHONE_MAX = 32;
export const DEVICE_IMEI_MAX = 50;
export const SIM_TYPE_DEFAULT = 99;
export const DEVICE_CONFIG_DEFAULTS = { speedLimit: 120, interval: 60, sleepTime: 30 } as const;
/** Server ports the configuration form proposes per protocol family. */
export const DEVICE_CONFIG_PORTS = { teltonika: 2166, gt06: 2100 } as const;

export interface DeviceTypeInfo {
  id: number;
  name: string;
  proto: string;
  idLength: number | null;
  port?: number | null;
}

/** Only hex characters are typed into the identifier field of IMEI types (editing keys still work). */
export const HEX_PATTERN = /^[0-9a-fA-F]*$/;
export const ALLOWED_ID_KEYS = new Set([
  "Backspace",
  "ArrowLeft",
  "ArrowRight",
  "Tab",
  "Delete",
  "Home",
  "End",
]);

/**
 * What an identifier of a device type looks like. The hexadecimal rule is for types whose id is an IMEI
 * (Teltonika, GT06 and any protocol not named here); phone apps speaking OsmAnd (Traccar Client) take the
 * id the user typed in the app, such as `walkphone01`; the Vigia app's free-text ids are stored encoded.
 */
export interface DeviceIdRule {
  /** imei: hex digits; name: letters, digits, dot, dash, underscore; text: anything printable (encoded). */
  kind: "imei" | "name" | "text";
  /** One character the field lets through (null: any). */
  char: RegExp | null;
  /** Exact length when the type fixes one, else null (then 1 to DEVICE_IMEI_MAX). */
  length: number | null;
  /** The error key for a character outside the rule. */
  charError: "device.idHex" | "device.idChars";
}

const NAME_CHAR = /^[A-Za-z0-9._-]$/;
const HEX_CHAR = /^[0-9a-fA-F]$/;
/** Protocols whose devices identify themselves by a name the user chose, not an IMEI. */
const NAMED_ID_PROTOCOLS: ReadonlySet<string> = new Set(["osmand"]);

/** The identifier rule of a device type (from its protocol and declared length). */
export function deviceIdRule(type: DeviceTypeInfo): DeviceIdRule {
  if (type.id === ENCODED_DEVICE_TYPE_ID)
    return { kind: "text", char: null, length: null, charError: "device.idChars" };
  if (NAMED_ID_PROTOCOLS.has(type.proto))
    return { kind: "name", char: NAME_CHAR, length: type.idLength, charError: "device.idChars" };
  return { kind: "imei", char: HEX_CHAR, length: type.idLength, charError: "device.idHex" };
}

/** Whether a key press may reach the identifier field of a type following `rule`. */
export function isAllowedIdKey(key: string, rule?: DeviceIdRule): boolean {
  if (ALLOWED_ID_KEYS.has(key)) return true;
  if (key.length !== 1) return false;
  const char = rule ? rule.char : HEX_CHAR;
  return char === null || char.test(key);
}

/**
 * The identifier rule of a type: its characters (deviceIdRule) and exactly the type's length when it declares
 * one, else 1-50 characters; the encoded type takes free text, stored encoded.
 */
export function deviceIdError(type: DeviceTypeInfo | undefined, deviceId: string): string | null {
  const value = deviceId.trim();
  if (value === "") return "errorNoImei";
  if (!type) return "errorNoDeviceType";
  const rule = deviceIdRule(type);
  if (rule.char && ![...value].every((c) => rule.char?.test(c))) return rule.charError;
  if (rule.length !== null) return value.length === rule.length ? null : "device.idLength";
  return value.length <= DEVICE_IMEI_MAX ? null : "device.idLength";
}

/** Stored form of the special type's id: UTF-8 bytes as lower-case hex. */
export function encodeDeviceId(typeId: number, shown: string): string {
  if (typeId !== ENCODED_DEVICE_TYPE_ID) return shown.trim();
  return [...new TextEncoder().encode(shown.trim())].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Display form: decoded for the special type unless the stored value carries an at-sign (legacy, kept raw). */
export function decodeDeviceId(typeId: number, stored: string): string {
  if (typeId !== ENCODED_DEVICE_TYPE_ID || stored.includes("@")) return stored;
  if (stored.length % 2 !== 0 || !HEX_PATTERN.test(stored)) return stored;
  const bytes = new Uint8Array(stored.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(stored.slice(i * 2, i * 2 + 2), 16);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return stored;
  }
}

export const simSchema = z.object({
  phone: z.string().trim().max(DEVICE_PHONE_MAX, "errorPhoneLength").default(""),
  type: z.number().int().default(SIM_TYPE_DEFAULT),
  iccid: z.string().trim().max(32, "tooLong").default(""),
  imsi: z.string().trim().max(32, "tooLong").default(""),
  apn: z.string().trim().max(100, "tooLong").default(""),
});
export type SimWrite = z.input<typeof simSchema>;

const numeric = z
  .union([z.number(), z.string()])
  .refine((v) => v !== "" && Number.isFinite(Number(v)), "invalidNumber");

/** Tracker configuration; with configActive, apn and server must be filled and the figures numeric. */
export const deviceConfigSchema = z.object({
  apn: z.string().trim().max(100).default(""),
  server: z.string().trim().max(255).default(""),
  port: z.union([z.number(), z.string()]).default(""),
  speedLimit: z.union([z.number(), z.string()]).default(DEVICE_CONFIG_DEFAULTS.speedLimit),
  interval: z.union([z.number(), z.string()]).default(DEVICE_CONFIG_DEFAULTS.interval),
  sleepTime: z.union([z.number(), z.string()]).default(DEVICE_CONFIG_DEFAULTS.sleepTime),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/** Field errors of an active configuration; an inactive one is not checked. */
export function deviceConfigErrors(active: boolean, config: DeviceConfig): Record<string, string> {
  if (!active) return {};
  const errors: Record<string, string> = {};
  if (config.apn.trim() === "") errors.apn = "required";
  if (config.server.trim() === "") errors.server = "required";
  if (config.port === "" || !Number.isInteger(Number(config.port))) errors.port = "required";
  for (const key of ["speedLimit", "interval", "sleepTime"] as const) {
    if (!numeric.safeParse(config[key]).success) errors[key] = "invalidNumber";
  }
  return errors;
}

/** Defaults the form proposes for a type: its protocol's port, speed limit 120, interval 60, sleep 30. */
export function defaultDeviceConfig(type: DeviceTypeInfo | undefined): DeviceConfig {
  const port = type
    ? (DEVICE_CONFIG_PORTS[type.proto as keyof typeof DEVICE_CONFIG_PORTS] ?? type.port ?? "")
    : "";
  return { apn: "", server: "", port: port ?? "", ...DEVICE_CONFIG_DEFAULTS };
}

/** Device app configuration defaults. */
export const APP_DEVICE_CONFIG_DEFAULTS = {
  panic: true,
  connectivity: true,
  dataSizeRange: 1_048_576,
  sensorInterval: 1000,
  precision: 2,
  stepsCounterInterval: 20,
  beaconScanMode: 3,
  advertiseMode: "BALANCED",
  beaconLayout: "IBEACON_LAYOUT",
  trackerMode: "tracker",
  beaconMode: "all",
} as const;
export const APP_DATA_SIZE_OPTIONS = [524_288, 1_048_576, 5_242_880] as const;
export const ADVERTISE_MODES = ["LOW_POWER", "BALANCED", "LOW_LATENCY"] as const;
export const BEACON_LAYOUTS = ["IBEACON_LAYOUT", "ALTBEACON_LAYOUT", "EDDYSTONE_UID_LAYOUT"] as const;
export const TRACKER_MODES = ["tracker", "app", "app_tracker"] as const;
export const BEACON_MODES = ["all", "event", "monitoring"] as const;

export const DEVICE_KEY_MAX = 64;
/** A key shorter than this is guessed too easily (the web generates 24 characters). */
export const DEVICE_KEY_MIN = 16;
/**
 * Protocols whose frames can carry a device's key. Every other protocol proves nothing but the identifier the
 * device sends (its IMEI): such devices are shown as identified by IMEI alone.
 */
export const KEYED_PROTOCOLS = ["osmand", "app", "wialon"] as const;
/**
 * The protocol a device type's `proto` speaks on the wire: the worker app's type ("app") sends OsmAnd requests;
 * every other type names its protocol.
 */
export const wireProtocol = (proto: string): string => (proto === "app" ? "osmand" : proto);
/** How a device proves who it is: its key, nothing though its protocol could carry a key, or its IMEI alone. */
export const DEVICE_AUTHENTICATIONS = ["key", "none", "imei"] as const;

export const deviceWriteSchema = z.object({
  /** As typed (decoded); the server encodes the special type before storing. */
  deviceId: z.string().trim().min(1, "errorNoImei").max(DEVICE_IMEI_MAX, "device.idLength"),
  typeId: z.number({ error: "errorNoDeviceType" }).int(),
  name: z.string().trim().max(100, "tooLong").default(""),
  description: z.string().max(DEVICE_DESCRIPTION_MAX, "errorDeviceDescriptionLength").default(""),
  sim: simSchema.default({ phone: "", type: SIM_TYPE_DEFAULT, iccid: "", imsi: "", apn: "" }),
  countryId: z.string().trim().max(2).default(""),
  configActive: z.boolean().default(false),
  config: deviceConfigSchema.default({ apn: "", server: "", port: "", ...DEVICE_CONFIG_DEFAULTS }),
  /**
   * The device's own key: for OsmAnd over HTTP (sent as `key=` or as the basic-auth password) and as a Wialon IPS
   * device's log-in password; "" removes it,
   * leaving it out keeps the stored one.
   */
  key: z
    .string()
    .trim()
    .max(DEVICE_KEY_MAX, "tooLong")
    .regex(/^[A-Za-z0-9_-]*$/, "invalidKey")
    .refine((key) => key === "" || key.length >= DEVICE_KEY_MIN, "device.keyTooShort")
    .optional(),
});
export type DeviceWrite = z.input<typeof deviceWriteSchema>;

export const deviceAssignCompanySchema = z.object({ companyId: z.number().int().positive().nullable() });
export const deviceAssignItemSchema = z.object({
  itemType: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  itemId: z.number().int().positive().nullable(),
});

/** Row buttons of the device list, from the device's assignment. */
export function deviceRowButtons(
  device: { companyId: number | null; itemId: number | null },
  companyLoaded: boolean,
): ("assignCompany" | "delete" | "unassignCompany" | "unassignItem" | "edit" | "goToCompany")[] {
  const out: ("assignCompany" | "delete" | "unassignCompany" | "unassignItem" | "edit" | "goToCompany")[] =
    [];
  if (device.companyId === null) out.push("assignCompany", "delete");
  else if (device.itemId === null) out.push("unassignCompany");
  else out.push("unassignItem");
  out.push("edit");
  if (companyLoaded && device.companyId !== null) out.push("goToCompany");
  return out;
}

/** QR download dialog. */
export const QR_SIZE = { min: 50, max: 500, step: 1, default: 300, margin: 2 } as const;

/** A device type as the trackers/inputs call lists it (the `device_types` catalogue). */
export const deviceTypeRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  factory: z.string(),
  description: z.string(),
  port: z.number().nullable(),
  proto: z.string(),
  prefix: z.string(),
  idLength: z.number().nullable(),
  /** Configuration the form proposes for a new device of this type; its keys depend on the protocol. */
  configDefaults: z.record(z.string(), z.unknown()),
});
export type DeviceTypeRow = z.infer<typeof deviceTypeRowSchema>;

/** GET …/trackers/inputs: device types and SIM types, keyed by id. */
export const trackerInputsSchema = z.object({
  types: z.record(z.string(), deviceTypeRowSchema),
  simTypes: z.record(z.string(), z.object({ id: z.number(), name: z.string() })),
});
export type TrackerInputs = z.infer<typeof trackerInputsSchema>;

/**
 * The stored SIM: the form's fields and when the ICCID, IMSI and APN last changed. Devices registered before
 * the SIM had these fields keep an empty object, hence every key is optional.
 */
export const deviceSimSchema = z.object({
  phone: z.string().optional(),
  type: z.number().optional(),
  iccid: z.string().optional(),
  imsi: z.string().optional(),
  apn: z.string().optional(),
  iccidTs: z.number().nullable().optional(),
  imsiTs: z.number().nullable().optional(),
  apnTs: z.number().nullable().optional(),
});

/** A device as lists and forms read it: identifier shown decoded, its company and item named. */
export const deviceRowSchema = z.object({
  id: z.number(),
  deviceId: z.string(),
  typeId: z.number(),
  name: z.string(),
  description: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  resellerId: z.number().nullable(),
  itemType: z.number(),
  itemId: z.number().nullable(),
  itemName: z.string().nullable(),
  vehicleName: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  groupId: z.number().nullable(),
  sim: deviceSimSchema,
  /**
   * The configuration sent to the device: the form's fields for trackers, the app's own settings for the
   * Vigia app, plus the device's last answer (`lastResult`, `lastResultTs`); open by protocol.
   */
  config: z.record(z.string(), z.unknown()),
  configActive: z.boolean(),
  configState: z.string(),
  countryId: z.string(),
  /** The OsmAnd device key; present only for callers who may edit the device (it is a secret). */
  key: z.string().nullable().optional(),
  authentication: z.enum(DEVICE_AUTHENTICATIONS),
  /** Frames refused for this device (another protocol than its type's, a wrong or missing key), the last when and why. */
  refusedFrames: z.number(),
  lastRefusedTs: z.number().nullable(),
  lastRefusedReason: z.string().nullable(),
  createdTs: z.number(),
  updatedTs: z.number(),
  firstConnectTs: z.number().nullable(),
  /** Last position of the device's item, from the live state. */
  itemPos: z.object({ lat: z.number(), lng: z.number(), ts: z.number().nullable() }).nullable(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

/** Whether every device of a company whose protocol can carry a key must present one. */
export const deviceKeyPolicySchema = z.object({ required: z.boolean() });

/** An identifier the gateways heard that no reseller has registered. */
export const unknownDeviceSchema = z.object({
  deviceId: z.string(),
  protocol: z.string(),
  remote: z.string(),
  firstSeenTs: z.number(),
  lastSeenTs: z.number(),
  messages: z.number(),
});
export type UnknownDevice = z.infer<typeof unknownDeviceSchema>;
