import { z } from "zod";
import { playbackSchema, positionAtSchema } from "../live/playback.ts";
import { dayTrackSchema } from "../live/state.ts";
import { defineRoute, idParam } from "../model/contract.ts";

const itemParams = z.object({ companyId: idParam, itemId: idParam });
/** A period in ms; without `to` it ends now, without `from` it is the day before `to`. */
const periodQuery = z.object({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().positive().optional(),
});
const point = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
const language = z.string().max(5).default("es");
const address = z.object({ address: z.string() });

const tags = ["live"] as const;

function itemTrack<const P extends string>(path: P, what: string) {
  return defineRoute({
    method: "GET",
    path,
    access: "user",
    summary: `Stored track of ${what} over a period (at most 31 days)`,
    tags,
    params: itemParams,
    query: periodQuery,
    response: dayTrackSchema,
  });
}

/** A playback range in ms: both ends required. */
const rangeQuery = z.object({
  from: z.coerce.number().int().nonnegative(),
  to: z.coerce.number().int().positive(),
});

function itemPlayback<const P extends string>(path: P, what: string) {
  return defineRoute({
    method: "GET",
    path,
    access: "user",
    summary: `History playback of ${what}: route, trips, stops and events over a range (at most 31 days)`,
    tags,
    params: itemParams,
    query: rangeQuery,
    response: playbackSchema,
  });
}

function itemPositionAt<const P extends string>(path: P, what: string) {
  return defineRoute({
    method: "GET",
    path,
    access: "user",
    summary: `The stored position of ${what} at or just before an instant, with its sensors`,
    tags,
    params: itemParams,
    query: z.object({ ts: z.coerce.number().int().nonnegative() }),
    response: positionAtSchema,
  });
}

/** What the live map asks over HTTP: the stored track of an item over a period and addresses of points. */
export const liveApi = {
  vehicleTrack: itemTrack("/companies/id/:companyId/vehicles/id/:itemId/route", "a vehicle"),
  assetTrack: itemTrack("/companies/id/:companyId/assets/id/:itemId/route", "an asset"),
  personTrack: itemTrack("/companies/id/:companyId/persons/id/:itemId/route", "a person"),
  vehiclePlayback: itemPlayback("/companies/id/:companyId/vehicles/id/:itemId/playback", "a vehicle"),
  assetPlayback: itemPlayback("/companies/id/:companyId/assets/id/:itemId/playback", "an asset"),
  personPlayback: itemPlayback("/companies/id/:companyId/persons/id/:itemId/playback", "a person"),
  vehiclePositionAt: itemPositionAt("/companies/id/:companyId/vehicles/id/:itemId/positionat", "a vehicle"),
  assetPositionAt: itemPositionAt("/companies/id/:companyId/assets/id/:itemId/positionat", "an asset"),
  personPositionAt: itemPositionAt("/companies/id/:companyId/persons/id/:itemId/positionat", "a person"),
  trackById: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/tracks/id/:trackId",
    access: "user",
    summary: "Stored track of a vehicle over a period, by its id",
    tags,
    params: z.object({ companyId: idParam, trackId: idParam }),
    query: periodQuery,
    response: dayTrackSchema,
  }),
  address: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/reversegeo",
    access: "user",
    summary: "The address of a point",
    tags,
    params: z.object({ companyId: idParam }),
    query: point.extend({ lang: language }),
    response: address,
  }),
  addresses: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/reversegeo",
    access: "user",
    summary: "The addresses of up to 500 points, in their order",
    tags,
    params: z.object({ companyId: idParam }),
    query: z.object({ lang: language }),
    body: z.array(point).max(500),
    response: z.array(address),
  }),
};
