/** Our configuration fields, as the device form sends them: numbers or numeric strings. Each protocol maps them to its own commands. */
export interface TrackerConfig {
  apn?: string;
  server?: string;
  port?: number | string;
  speedLimit?: number | string;
  interval?: number | string;
  sleepTime?: number | string;
}

/** A non-negative whole number from a form value, or null when it is empty or not one. */
export function wholeNumber(value: number | string | undefined): number | null {
  if (value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}
