/**
 * How long ago something happened, in the UI language ("8 min ago", "hace 8 min", "il y a 8 min"), from the
 * browser's Intl data, so that no language needs its own texts. Pure; `now` is passed in.
 */
export function formatAge(ts: number, now: number, language: string): string {
  const seconds = Math.max(0, Math.round((now - ts) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto", style: "short" });
  if (seconds < 60) return format.format(0, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format.format(-hours, "hour");
  return format.format(-Math.floor(hours / 24), "day");
}
