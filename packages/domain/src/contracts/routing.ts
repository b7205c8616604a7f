import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";

/**
 * Route to a point: the company's vehicles nearest to a point by driving time from an
 * OSRM-compatible routing service, or by straight-line distance when there is none (or it failed), and the
 * driving route from one vehicle to the point.
 */
export const NEAREST_MAX = 25;

const lat = z.coerce.number().min(-90).max(90);
const lng = z.coerce.number().min(-180).max(180);

export const nearestCandidateSchema = z.object({
  itemType: z.literal([1, 2, 3]),
  itemId: z.number(),
  lat: z.number(),
  lng: z.number(),
  straightM: z.number(),
  /** Road distance and driving time from the router; null when ranked by straight line. */
  roadM: z.number().nullable(),
  durationS: z.number().nullable(),
});
export type NearestCandidate = z.infer<typeof nearestCandidateSchema>;

export const nearestAnswerSchema = z.object({
  /** How the list is ranked: "router" by driving time, "straight" by straight-line distance. */
  rankedBy: z.enum(["router", "straight"]),
  /** A router is configured but did not answer: the UI says "cannot calculate route". */
  routerFailed: z.boolean(),
  candidates: z.array(nearestCandidateSchema),
});
export type NearestAnswer = z.infer<typeof nearestAnswerSchema>;

export const drivingRouteSchema = z.object({
  distanceM: z.number(),
  durationS: z.number(),
  /** [lng, lat] pairs. */
  coordinates: z.array(z.tuple([z.number(), z.number()])),
});
export type DrivingRoute = z.infer<typeof drivingRouteSchema>;

const companyParams = z.object({ companyId: idParam });
const tags = ["routing"] as const;

export const routingApi = {
  nearest: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/routing/nearest",
    access: "user",
    summary: "The vehicles nearest to a point, by driving time when a router is configured",
    tags,
    params: companyParams,
    query: z.object({ lat, lng, limit: z.coerce.number().int().min(1).max(NEAREST_MAX).default(10) }),
    response: nearestAnswerSchema,
  }),
  route: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/routing/route",
    access: "user",
    summary: "The driving route between two points (502 route.cannotCalculate without an answer)",
    tags,
    params: companyParams,
    query: z.object({ fromLat: lat, fromLng: lng, toLat: lat, toLng: lng }),
    response: drivingRouteSchema,
  }),
};
