import { useQuery } from "@tanstack/react-query";
import type { LiveKey } from "../../../platform/live/store.ts";
import { dayPlaybackQuery } from "../api.ts";

/** One item's route, stops and trips over a calendar day in the user's zone (day use and idle tools). */
export function useDayPlayback(companyId: number, key: LiveKey | null, day: string, timezone: string) {
  return useQuery(dayPlaybackQuery(companyId, key, day, timezone));
}
