/**
 * Durations of the map tools as "1 h 05 min" (or "45 s" under a minute); distances and areas go through the
 * kit's number format, in the user's language. Pure.
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${String(min).padStart(2, "0")} min` : `${min} min`;
}

/** "lat, lng" as the spec's map coordinate entry: two decimal numbers in range, or null. */
export function parseLatLng(text: string): { lat: number; lng: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
