import { z } from "zod";
import { ALARM_FAMILY, ALARM_FAMILY_KEYS } from "../model/alarms.ts";
import { ASSET_TYPES, VEHICLE_TYPES } from "../model/codes.ts";
import { SENSOR_UNITS, sensorCatalogue } from "./catalogue.ts";
import type { SensorSetting } from "./present.ts";

/**
 * The company-load catalogues the report and rule forms pick from (events and sensors per kind,
 * icons, ios). Pure: the server passes in the company's protocols and sensor edits.
 */

/** Alarm families a notice can belong to, keyed by code; `name` is the family's text key. */
export const eventCatalogueSchema = z.record(
  z.string(),
  z.object({ id: z.number().int(), name: z.string() }),
);
export type EventCatalogue = z.infer<typeof eventCatalogueSchema>;

export function eventCatalogue(): EventCatalogue {
  return Object.fromEntries(
    ALARM_FAMILY_KEYS.map((name) => [String(ALARM_FAMILY[name]), { id: ALARM_FAMILY[name], name }]),
  );
}

const sensorEntrySchema = z.object({
  id: z.string(),
  /** Text key under `sensors.name`. */
  name: z.string(),
  /** The company's own name for it, or "" to use the text key. */
  label: z.string(),
  unit: z.union([z.enum(SENSOR_UNITS), z.string()]),
});
export const sensorListSchema = z.record(z.string(), sensorEntrySchema);
export type SensorList = z.infer<typeof sensorListSchema>;

export const ioListSchema = z.record(
  z.string(),
  sensorEntrySchema.extend({ direction: z.enum(["in", "out"]) }),
);
export type IoList = z.infer<typeof ioListSchema>;

/**
 * Sensors the company's devices can report: the catalogues of the protocols they speak (the common part when
 * none), without technical ones, raw twins of named ones, or what the company hid; with its names and units.
 */
export function sensorList(protocols: readonly string[], settings: readonly SensorSetting[]): SensorList {
  const edits = new Map(settings.map((s) => [s.key, s]));
  const out: SensorList = {};
  for (const protocol of protocols.length ? protocols : [null]) {
    for (const def of sensorCatalogue(protocol)) {
      const edit = edits.get(def.key);
      if (def.group === "technical" || def.twinOf !== undefined || edit?.hidden || out[def.key]) continue;
      out[def.key] = { id: def.key, name: def.name, label: edit?.name ?? "", unit: edit?.unit || def.unit };
    }
  }
  return out;
}

/** Catalogue names of digital and analogue inputs and outputs. */
const IO_NAME = /^(digital|analog)(Input|Output)\d+$/;

/** The inputs and outputs among the sensors (ignition counts as an input, as the devices wire it). */
export function ioList(sensors: SensorList): IoList {
  const out: IoList = {};
  for (const s of Object.values(sensors)) {
    const io = IO_NAME.exec(s.name);
    if (io) out[s.id] = { ...s, direction: io[2] === "Output" ? "out" : "in" };
    else if (s.id === "ignition") out[s.id] = { ...s, direction: "in" };
  }
  return out;
}

/** The icons an item can carry: its type (vehicle and asset types, persons one), keyed `itemType:type`. */
export const iconCatalogueSchema = z.record(
  z.string(),
  z.object({
    id: z.string(),
    name: z.string(),
    itemType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  }),
);
export type IconCatalogue = z.infer<typeof iconCatalogueSchema>;

export function iconCatalogue(): IconCatalogue {
  const entries: [1 | 2 | 3, string][] = [
    ...VEHICLE_TYPES.map((t) => [1, t] as [1, string]),
    ...ASSET_TYPES.map((t) => [2, t] as [2, string]),
    [3, "person"],
  ];
  return Object.fromEntries(
    entries.map(([itemType, name]) => [`${itemType}:${name}`, { id: name, name, itemType }]),
  );
}
