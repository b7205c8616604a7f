import { type ItineraryProgress, itineraryProgressSchema } from "@vigia/domain";
import { z } from "zod";

/**
 * The phone's copy of its itineraries as last read, per device, so the Tasks tab still shows them without a
 * connection. Kept in the page's local storage (small, read synchronously on opening); read back through the
 * schema, since it outlives versions of the app.
 */
const KEY = (deviceId: string) => `vigia-worker-itinerary ${deviceId}`;

export function cachedItinerary(deviceId: string): ItineraryProgress[] | null {
  let raw: unknown = null;
  try {
    raw = JSON.parse(localStorage.getItem(KEY(deviceId)) ?? "null");
  } catch {
    return null;
  }
  const parsed = z.array(itineraryProgressSchema).safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function keepItinerary(deviceId: string, itineraries: ItineraryProgress[]): void {
  try {
    localStorage.setItem(KEY(deviceId), JSON.stringify(itineraries));
  } catch {
    // A full or disabled storage only loses the offline copy; the screen still shows what it read.
  }
}
