import { z } from "zod";
import {
  ADVERTISE_MODES,
  APP_DATA_SIZE_OPTIONS,
  APP_DEVICE_CONFIG_DEFAULTS,
  BEACON_LAYOUTS,
  BEACON_MODES,
  TRACKER_MODES,
} from "./devices.ts";

/**
 * The worker app's configuration: the company's defaults, and per app device the settings it
 * overrides. The app fetches the merge of both with its own device credentials; a device whose configuration
 * changed waits ("awaiting") until the app has fetched it ("updated")
 */

/** The Wi-Fi scan interval is at least 30 minutes. */
export const APP_WIFI_INTERVAL_MIN = 30;

const dataSize = z.union(
  APP_DATA_SIZE_OPTIONS.map((n) => z.literal(n)) as [
    z.ZodLiteral<524_288>,
    z.ZodLiteral<1_048_576>,
    z.ZodLiteral<5_242_880>,
  ],
);

const settingShapes = {
  panic: z.boolean(),
  connectivity: z.boolean(),
  dataSizeRange: dataSize,
  /** Sensor reading interval, milliseconds. */
  sensorInterval: z.number().int().min(100, "min").max(3_600_000, "max"),
  /**
   * How hard the app works for a position, as a level: 0 passive, 1 low power, 2 balanced (network), 3 high
   * (satellite receiver). Levels above 3 (kept by older configurations) mean high.
   */
  precision: z.number().int().min(0, "min").max(8, "max"),
  /** Steps counter interval, seconds. */
  stepsCounterInterval: z.number().int().min(1, "min").max(3600, "max"),
  beaconScanMode: z.number().int().min(0, "min").max(10, "max"),
  advertiseMode: z.enum(ADVERTISE_MODES),
  beaconLayout: z.enum(BEACON_LAYOUTS),
  trackerMode: z.enum(TRACKER_MODES),
  beaconMode: z.enum(BEACON_MODES),
  /** Wi-Fi scan interval, minutes. */
  wifiInterval: z.number().int().min(APP_WIFI_INTERVAL_MIN, "appConfig.wifiMin").max(1440, "max"),
};

/** The location precision levels the configuration offers, from the least battery to the most accurate. */
export const LOCATION_PRECISIONS = ["passive", "low", "balanced", "high"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

/** The level a configured precision stands for (3 and above are all "high"). */
export const locationPrecision = (precision: number): LocationPrecision =>
  LOCATION_PRECISIONS[Math.max(0, Math.min(LOCATION_PRECISIONS.length - 1, Math.trunc(precision)))] ?? "high";

export const APP_CONFIG_DEFAULTS = { ...APP_DEVICE_CONFIG_DEFAULTS, wifiInterval: APP_WIFI_INTERVAL_MIN };

/** A complete configuration: what a company stores and what the app receives. */
export const appConfigSchema = z.object(settingShapes);
export type AppConfig = z.infer<typeof appConfigSchema>;

/** A device's own settings: any subset of the company's; `{}` follows the company entirely. */
export const appConfigOverrideSchema = z.object(settingShapes).partial().strict();
export type AppConfigOverride = z.infer<typeof appConfigOverrideSchema>;

export const APP_CONFIG_KEYS = Object.keys(settingShapes) as (keyof AppConfig)[];

/**
 * What the app runs with: the spec's defaults, then the company's settings, then the device's own. Stored values
 * that no longer validate (an option removed since) fall back to the layer below, key by key.
 */
export function effectiveAppConfig(company: unknown, device: unknown): AppConfig {
  const out: Record<string, unknown> = { ...APP_CONFIG_DEFAULTS };
  for (const layer of [company, device]) {
    if (typeof layer !== "object" || layer === null) continue;
    for (const key of APP_CONFIG_KEYS) {
      const value: unknown = (layer as Record<string, unknown>)[key];
      if (value !== undefined && settingShapes[key].safeParse(value).success) out[key] = value;
    }
  }
  return appConfigSchema.parse(out);
}

/** The company's defaults as the editor reads them, with its app devices and their state. */
export const appConfigDeviceSchema = z.object({
  id: z.number(),
  deviceId: z.string(),
  name: z.string(),
  itemName: z.string().nullable(),
  override: appConfigOverrideSchema,
  /** "awaiting" until the app has fetched its changed configuration, then "updated". */
  state: z.enum(["awaiting", "updated"]),
  fetchedTs: z.number().nullable(),
});
export type AppConfigDevice = z.infer<typeof appConfigDeviceSchema>;

export const companyAppConfigSchema = z.object({
  config: appConfigSchema,
  updatedTs: z.number().nullable(),
  devices: z.array(appConfigDeviceSchema),
});
export type CompanyAppConfig = z.infer<typeof companyAppConfigSchema>;

/** What the app receives: its effective configuration and when it last changed. */
export const deviceAppConfigSchema = z.object({
  deviceId: z.string(),
  config: appConfigSchema,
  updatedTs: z.number(),
});
export type DeviceAppConfig = z.infer<typeof deviceAppConfigSchema>;
