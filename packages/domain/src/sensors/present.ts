import { z } from "zod";
import type { SensorValue } from "../live/state.ts";
import { allSensorDefs, type SensorDef, type SensorGroup, sensorCatalogue } from "./catalogue.ts";
import { gsmSignalUnit } from "./signal.ts";

/** A company's edit of one sensor: its own name, unit, multiplier, or hidden. Empty fields keep the catalogue's. */
export const sensorSettingSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, "required")
    .max(40, "tooLong")
    .regex(/^[A-Za-z0-9_]+$/, "invalid"),
  name: z.string().trim().max(60, "tooLong").default(""),
  unit: z.string().trim().max(12, "tooLong").default(""),
  multiplier: z.number().finite().min(-1_000_000).max(1_000_000).nullable().default(null),
  hidden: z.boolean().default(false),
});
export type SensorSetting = z.output<typeof sensorSettingSchema>;
export const sensorSettingsSchema = z.array(sensorSettingSchema).max(500);

/** One sensor as the panel shows it. */
export interface ShownSensor {
  key: string;
  /** Text key under `sensors.name` when the catalogue names it, else null (then `label` is the text). */
  nameKey: string | null;
  /** The company's name, or the raw key for sensors no catalogue knows. */
  label: string;
  value: SensorValue;
  unit: string;
  group: SensorGroup;
}

const MAX_TEXT = 64;
/** Device strings are hostile: no control characters, bounded length. */
function cleanText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, MAX_TEXT);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The catalogue's unit, except the GSM signal's, which depends on the protocol and the value. */
function unitOf(
  protocol: string | null,
  key: string,
  def: SensorDef | undefined,
  value: SensorValue,
): string {
  if (key === "rssi" && typeof value === "number") return gsmSignalUnit(protocol, value);
  return def?.unit ?? "";
}

/**
 * The sensors of one item as the panel lists them: named, converted and in units from the protocol's
 * catalogue and the company's settings; each once (a raw `io<N>` that duplicates a named attribute is left
 * out); hidden ones dropped; main sensors first in catalogue order, technical values (cell ids, upload
 * mode, unknown keys) after them.
 */
export function presentSensors(
  protocol: string | null,
  sensors: Record<string, SensorValue>,
  settings: readonly SensorSetting[] = [],
): ShownSensor[] {
  const catalogue = protocol === null ? allSensorDefs() : sensorCatalogue(protocol);
  const defs = new Map<string, [SensorDef, number]>(catalogue.map((d, i) => [d.key, [d, i]]));
  const edits = new Map(settings.map((s) => [s.key, s]));
  const out: { shown: ShownSensor; order: number }[] = [];
  for (const [key, raw] of Object.entries(sensors)) {
    const [def, order] = defs.get(key) ?? [undefined, Number.MAX_SAFE_INTEGER];
    if (def?.twinOf !== undefined && def.twinOf in sensors) continue;
    const edit = edits.get(key);
    if (edit?.hidden) continue;
    let value: SensorValue = raw;
    if (typeof raw === "number") {
      const multiplier = edit?.multiplier ?? def?.multiplier ?? 1;
      const decimals = edit?.multiplier != null ? 3 : (def?.decimals ?? 3);
      value = round(raw * multiplier, decimals);
    } else if (typeof raw === "string") value = cleanText(raw);
    const name = edit?.name ? edit.name : null;
    out.push({
      order,
      shown: {
        key,
        nameKey: name === null && def ? def.name : null,
        label: name ?? key,
        value,
        unit: edit?.unit ? edit.unit : unitOf(protocol, key, def, value),
        group: def?.group ?? "technical",
      },
    });
  }
  const rank = (s: { shown: ShownSensor; order: number }) => (s.shown.group === "main" ? 0 : 1);
  out.sort((a, b) => rank(a) - rank(b) || a.order - b.order || a.shown.key.localeCompare(b.shown.key));
  return out.map((s) => s.shown);
}
