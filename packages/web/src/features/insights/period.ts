import { fromZonedInput, toZonedInput } from "../../kit/format/date.ts";

/** Date presets of the insight screens; "custom" takes the range picker's dates. */
export const PERIOD_PRESETS = [
  "today",
  "yesterday",
  "week",
  "twoWeeks",
  "month",
  "threeMonths",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const PRESET_DAYS: Record<Exclude<PeriodPreset, "today" | "yesterday" | "custom">, number> = {
  week: 7,
  twoWeeks: 14,
  month: 30,
  threeMonths: 90,
};

/** The local midnight that starts `ts`'s day in `tz`, `offsetDays` days later. */
export function localDayStart(ts: number, tz: string, offsetDays = 0): number {
  const day = toZonedInput(ts, tz).slice(0, 10);
  const [y, m, d] = day.split("-").map(Number);
  const shifted = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + offsetDays))
    .toISOString()
    .slice(0, 10);
  return fromZonedInput(`${shifted}T00:00`, tz);
}

/** The range of a preset at `now` in the user's zone: today so far, yesterday, or the last N days up to now. */
export function presetRange(preset: Exclude<PeriodPreset, "custom">, now: number, tz: string) {
  if (preset === "today") return { from: localDayStart(now, tz), to: now };
  if (preset === "yesterday") return { from: localDayStart(now, tz, -1), to: localDayStart(now, tz) };
  return { from: localDayStart(now, tz, -PRESET_DAYS[preset]), to: now };
}
