import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";
import { dayTrackSchema } from "../live/state.ts";

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
    summary: `Stored track of ${what} over a period (at most 31 days)`,
    tags,
    params: itemParams,
    query: periodQuery,
    response: dayTrackSchema,
  });
}

/** What the live map asks over HTTP: the stored track of an item over a period and addresses of points. */
export const liveApi = {
  vehicleTrack: itemTrack("/companies/id/:companyId/vehicles/id/:itemId/route", "a vehicle"),
  assetTrack: itemTrack("/companies/id/:companyId/assets/id/:itemId/route", "an asset"),
  personTrack: itemTrack("/companies/id/:companyId/persons/id/:itemId/route", "a person"),
  trackById: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/tracks/id/:trackId",
    summary: "Stored track of a vehicle over a period, by its id",
    tags,
    params: z.object({ companyId: idParam, trackId: idParam }),
    query: periodQuery,
    response: dayTrackSchema,
  }),
  address: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/reversegeo",
    summary: "The address of a point",
    tags,
    params: z.object({ companyId: idParam }),
    query: point.extend({ lang: language }),
    response: address,
  }),
  addresses: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/reversegeo",
    summary: "The addresses of up to 500 points, in their order",
    tags,
    params: z.object({ companyId: idParam }),
    query: z.object({ lang: language }),
    body: z.array(point).max(500),
    response: z.array(address),
  }),
};
