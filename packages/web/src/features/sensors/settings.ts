import { useQuery } from "@tanstack/react-query";
import { allSensorDefs, type SensorDef, type SensorSetting, sensorsApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

export const sensorSettingsKey = (companyId: number) => ["sensorSettings", companyId] as const;

/** The company's sensor settings (renames, units, multipliers, hidden), shared by the panel and the screen. */
export function useSensorSettings(companyId: number | null) {
  return useQuery({
    queryKey: sensorSettingsKey(companyId ?? 0),
    enabled: companyId !== null,
    staleTime: 60_000,
    queryFn: () => api.call(sensorsApi.settings, { params: { companyId: companyId ?? 0 } }, { quiet: true }),
  });
}

/** One editable row of the settings screen: the catalogue's defaults and the company's edit. */
export interface SettingRow {
  key: string;
  def: SensorDef | null;
  edit: SensorSetting;
}

const blank = (key: string): SensorSetting => ({ key, name: "", unit: "", multiplier: null, hidden: false });

/**
 * The screen's rows: every catalogue sensor once (main ones first), then the company's own keys no
 * catalogue knows (an MQTT attribute it named). Pure.
 */
export function settingRows(saved: readonly SensorSetting[]): SettingRow[] {
  const edits = new Map(saved.map((s) => [s.key, s]));
  const defs = allSensorDefs();
  const ordered = [...defs.filter((d) => d.group === "main"), ...defs.filter((d) => d.group !== "main")];
  const rows: SettingRow[] = ordered.map((def) => ({
    key: def.key,
    def,
    edit: edits.get(def.key) ?? blank(def.key),
  }));
  const known = new Set(defs.map((d) => d.key));
  for (const s of saved) if (!known.has(s.key)) rows.push({ key: s.key, def: null, edit: s });
  return rows;
}

/** What is sent: only rows that change something. Pure. */
export function changedSettings(rows: readonly SettingRow[]): SensorSetting[] {
  return rows
    .map((r) => r.edit)
    .filter((e) => e.name.trim() !== "" || e.unit.trim() !== "" || e.multiplier !== null || e.hidden);
}

export { blank as blankSetting };
