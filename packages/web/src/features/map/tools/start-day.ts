import type { LiveKey } from "../../../platform/live/store.ts";
import { loadedDayStore, toolStartDay } from "../loaded-day.ts";
import { playbackStore } from "../playback/store.ts";

/** The day a map tool opens on: the one loaded in playback or the panel's day route, else today. */
export function startDay(selected: LiveKey | null, timezone: string): string {
  return toolStartDay(selected, timezone, Date.now(), loadedDayStore.get(), playbackStore.get());
}
