import type { LiveKey } from "../../platform/live/store.ts";
import type { PlaybackState } from "./playback/store.ts";
import { todayIn } from "./route.ts";

/** The day route shown in the item panel: whose it is and which calendar day ("YYYY-MM-DD") it covers. */
export interface LoadedDayRoute {
  key: LiveKey;
  day: string;
}

/**
 * The day route the item panel has drawn, so the map tools (stops, day use, idle, distance/time, route to
 * a geozone) open on the day the user is looking at instead of today. Set and cleared by the route section.
 */
class LoadedDayStore {
  private state: LoadedDayRoute | null = null;
  readonly get = (): LoadedDayRoute | null => this.state;
  set(state: LoadedDayRoute | null): void {
    this.state = state;
  }
}

export const loadedDayStore = new LoadedDayStore();

/**
 * The day a map tool opens on for the selected item: the day at the playback cursor when that item's history
 * is loaded in playback, else the day of its route drawn in the panel, else today; all in the user's zone.
 * Pure.
 */
export function toolStartDay(
  selected: LiveKey | null,
  timezone: string,
  now: number,
  dayRoute: LoadedDayRoute | null,
  playback: Pick<PlaybackState, "key" | "data" | "cursor"> | null,
): string {
  if (selected !== null && playback?.key === selected && playback.data && playback.data.points.length > 0) {
    const { from, to } = playback.data;
    return todayIn(timezone, Math.min(Math.max(playback.cursor, from), to));
  }
  if (selected !== null && dayRoute?.key === selected && dayRoute.day !== "") return dayRoute.day;
  return todayIn(timezone, now);
}
