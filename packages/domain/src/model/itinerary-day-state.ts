import { z } from "zod";
import { emptyVisitTrack, type VisitTrack } from "./itinerary-compliance.ts";

/**
 * A vehicle's day on one itinerary as the live alarm engine follows it, in the form it is stored between
 * restarts (`itinerary_days`): the local day's bounds, the stays so far, the deviations reported already and
 * the last position taken (a copy older than the engine's own is never restored over it).
 */
export const itineraryDayStateSchema = z.object({
  day: z.string(),
  startTs: z.number(),
  endTs: z.number(),
  weekDay: z.number().int().min(0).max(6),
  lastTs: z.number(),
  /** [waypoint index, entry minute] of each stay still open. */
  open: z.array(z.tuple([z.number().int(), z.number()])),
  closed: z.array(z.object({ waypoint: z.number().int(), entered: z.number(), left: z.number().nullable() })),
  /** "index:status" of every deviation reported this day. */
  reported: z.array(z.string()),
});
export type ItineraryDayState = z.infer<typeof itineraryDayStateSchema>;

/** The live form of a stored day: a visit track and a set of reported deviations. */
export function trackOfDayState(state: ItineraryDayState): { track: VisitTrack; reported: Set<string> } {
  const track = emptyVisitTrack();
  for (const [wp, entered] of state.open) track.open.set(wp, entered);
  track.closed.push(...state.closed.map((v) => ({ ...v })));
  return { track, reported: new Set(state.reported) };
}

/** The stored form of a live day. */
export function dayStateOf(
  day: Omit<ItineraryDayState, "open" | "closed" | "reported">,
  track: VisitTrack,
  reported: ReadonlySet<string>,
): ItineraryDayState {
  return {
    ...day,
    open: [...track.open.entries()],
    closed: track.closed.map((v) => ({ ...v })),
    reported: [...reported],
  };
}
