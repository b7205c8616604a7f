import {
  DATE_PRESETS,
  type DatePreset,
  type ReportFormat,
  type ReportRequestInput,
  type ReportTypeId,
  validateReportRequest,
} from "@vigia/domain";

/** The report store as the form holds it. */
export interface ReportForm {
  type: ReportTypeId | null;
  groupsId: number[];
  vehiclesId: number[];
  assetsId: number[];
  personsId: number[];
  driversId: number[];
  events: string[];
  sensors: string[];
  readableAddresses: boolean;
  showGeozones: boolean;
  showPois: boolean;
  zoneIds: number[];
  ranges: { maxSpeed: number; minStopTime: number; offlineTime: number; inactivityTime: number };
  preset: DatePreset;
  /** The custom range, epoch ms (used when the preset is custom). */
  from: number;
  to: number;
  /** Week days, Sunday 0. */
  days: number[];
  format: ReportFormat | null;
  name: string;
}

export function emptyReportForm(now: number): ReportForm {
  return {
    type: null,
    groupsId: [],
    vehiclesId: [],
    assetsId: [],
    personsId: [],
    driversId: [],
    events: [],
    sensors: [],
    readableAddresses: true,
    showGeozones: false,
    showPois: false,
    zoneIds: [],
    ranges: { maxSpeed: 0, minStopTime: 0, offlineTime: 0, inactivityTime: 0 },
    preset: "lastWeek",
    from: now - 7 * 86_400_000,
    to: now,
    days: [1, 2, 3, 4, 5, 6, 0],
    format: "screen",
    name: "",
  };
}

/** Week days shown from Monday, with their ids (Sunday 0). */
export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The period of a date preset: today from local midnight to now, yesterday the whole previous day,
 * the others that many days back from now; the picker truncates to the second. `midnight` gives the local
 * midnight of an instant in the user's zone.
 */
export function presetRange(
  preset: DatePreset,
  now: number,
  midnight: (ts: number) => number,
  custom: { from: number; to: number },
): { from: number; to: number } {
  const second = (ts: number) => Math.floor(ts / 1000) * 1000;
  if (preset === "custom") return { from: second(custom.from), to: second(custom.to) };
  if (preset === "today") return { from: midnight(now), to: second(now) };
  if (preset === "yesterday") {
    const today = midnight(now);
    return { from: midnight(today - 1), to: today };
  }
  return { from: second(now - DATE_PRESETS[preset] * 86_400_000), to: second(now) };
}

/** Field errors of the form, keyed by form field. */
export function formErrors(form: ReportForm, range: { from: number; to: number }): Record<string, string> {
  return validateReportRequest({ ...form, timeLimits: range });
}

export function toRequest(
  form: ReportForm,
  range: { from: number; to: number },
  lang: string,
  timezone: string,
): ReportRequestInput {
  if (!form.type || !form.format) throw new Error("toRequest on an invalid form");
  return {
    type: form.type,
    groupsId: form.groupsId,
    vehiclesId: form.vehiclesId,
    assetsId: form.assetsId,
    personsId: form.personsId,
    driversId: form.driversId,
    events: form.events,
    sensors: form.sensors,
    readableAddresses: form.readableAddresses,
    showGeozones: form.showGeozones,
    showPois: form.showPois,
    zoneIds: form.zoneIds,
    ranges: form.ranges,
    timeLimits: range,
    days: form.days,
    format: form.format,
    name: form.name,
    lang,
    timezone,
  };
}

/**
 * The sensor picker's options: the company's sensor catalogue, plus keys already chosen that it does not list
 * (a raw element typed into a saved periodic report), so a chosen value never disappears from the picker.
 */
export function sensorOptions<S extends { id: string }>(
  catalogue: readonly S[],
  chosen: readonly string[],
  label: (sensor: S) => string,
): { value: string; label: string }[] {
  const listed = catalogue.map((s) => ({ value: s.id, label: label(s) }));
  const known = new Set(listed.map((o) => o.value));
  return [...listed, ...chosen.filter((k) => !known.has(k)).map((k) => ({ value: k, label: k }))];
}
