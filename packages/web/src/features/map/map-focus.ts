/**
 * The map's deep link, written by alarm mails (server alarms/texts.ts `alarmMapPath`): `/?lat=…&lng=…&alarm=…`
 * opens the map at that position with a marker. Pure: the query string in, the point or null out.
 */
export interface MapFocus {
  lat: number;
  lng: number;
  alarmId: number | null;
}

/** Zoom of a deep-linked position: the street is readable. */
export const FOCUS_ZOOM = 16;

export function parseMapFocus(search: string): MapFocus | null {
  const q = new URLSearchParams(search);
  const lat = Number(q.get("lat") ?? Number.NaN);
  const lng = Number(q.get("lng") ?? Number.NaN);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  if (q.get("lat")?.trim() === "" || q.get("lng")?.trim() === "") return null;
  const alarm = Number(q.get("alarm"));
  return { lat, lng, alarmId: Number.isInteger(alarm) && alarm > 0 ? alarm : null };
}
