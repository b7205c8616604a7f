import { useQuery } from "@tanstack/react-query";
import { api } from "../../../platform/api/instance.ts";
import { type LiveKey, parseKey } from "../../../platform/live/store.ts";
import { playbackContract } from "../playback/calls.ts";
import { dayRange } from "../route.ts";

/** One item's route, stops and trips over a calendar day in the user's zone (day use and idle tools). */
export function useDayPlayback(companyId: number, key: LiveKey | null, day: string, timezone: string) {
  return useQuery({
    queryKey: ["dayPlayback", companyId, key, day, timezone],
    enabled: key !== null && day !== "",
    queryFn: () => {
      const { kind, id } = parseKey(key as LiveKey);
      const range = dayRange(day, timezone, Date.now());
      return api.call(
        playbackContract(kind),
        { params: { companyId, itemId: id }, query: range },
        { quiet: true },
      );
    },
  });
}
