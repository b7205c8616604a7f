import { z } from "zod";
import { DAY_MS } from "../model/constants.ts";
import { drivingEventSchema, sensorsSchema, stopSchema, trackPointSchema } from "./state.ts";

/** History playback covers any range up to this long (a wider one is a search too extensive, 406). */
export const PLAYBACK_MAX_MS = 31 * DAY_MS;

/** A point of a played-back route: the track point and the ignition the stop and trip rules used. */
export const playbackPointSchema = trackPointSchema.extend({ ignition: z.boolean().nullable() });
export type PlaybackPoint = z.infer<typeof playbackPointSchema>;

/** A drive between two stops (or the range's ends), as the route's points tell it. */
export const tripSchema = z.object({
  startTs: z.number(),
  endTs: z.number(),
  /** Metres along the route's points. */
  distanceM: z.number(),
  maxSpd: z.number(),
  startLat: z.number(),
  startLng: z.number(),
  endLat: z.number(),
  endLng: z.number(),
});
export type Trip = z.infer<typeof tripSchema>;

/** The stored route of an item over a range, thinned evenly (`truncated`) beyond the point budget. */
export const playbackSchema = z.object({
  from: z.number(),
  to: z.number(),
  points: z.array(playbackPointSchema),
  stops: z.array(stopSchema),
  trips: z.array(tripSchema),
  events: z.array(drivingEventSchema),
  truncated: z.boolean(),
});
export type Playback = z.infer<typeof playbackSchema>;

/** The stored position at (or just before) an instant, with the sensors the device sent with it. */
export const positionAtSchema = z.object({
  position: trackPointSchema
    .extend({ valid: z.boolean(), satt: z.number(), sensors: sensorsSchema })
    .nullable(),
});
export type PositionAt = z.infer<typeof positionAtSchema>;
