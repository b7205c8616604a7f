import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  complianceSchema,
  fromTripSchema,
  itineraryProgressSchema,
  itinerarySchema,
  itineraryWriteSchema,
} from "../model/itineraries.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["itineraries"] as const;

/** Whose day: a vehicle's (`vehicleId`) or a person's (`personId`); one of the two is required. */
export const complianceQuerySchema = z.object({
  vehicleId: z.coerce.number().int().positive().optional(),
  personId: z.coerce.number().int().positive().optional(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const fromTripQuerySchema = z.object({
  vehicleId: z.coerce.number().int().positive(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** "1" (default): a stop inside a POI or geozone becomes that place; "0": every stop is a point. */
  snap: z.enum(["0", "1"]).default("1"),
});

/** /itineraries: reseller-level users only; today's progress: any user who sees the vehicle or person. */
export const itinerariesApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/itineraries",
    access: "resellerRead",
    summary: "The company's itineraries with their waypoints and their vehicle and person assignments",
    tags,
    params: companyParams,
    response: z.array(itinerarySchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/itineraries",
    access: "reseller",
    summary: "Create an itinerary",
    tags,
    params: companyParams,
    body: itineraryWriteSchema,
    response: itinerarySchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/itineraries/id/:id",
    access: "reseller",
    summary: "Change an itinerary's name, waypoints and assignments",
    tags,
    params: oneParams,
    body: itineraryWriteSchema,
    response: itinerarySchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/itineraries/id/:id",
    access: "reseller",
    summary: "Delete an itinerary",
    tags,
    params: oneParams,
    response: z.object({ id: z.number() }),
  }),
  compliance: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/itineraries/id/:id/compliance",
    access: "resellerRead",
    summary:
      "How a vehicle or a person followed an itinerary on a day, waypoint by waypoint, from that day's route",
    tags,
    params: oneParams,
    query: complianceQuerySchema,
    response: complianceSchema,
  }),
  fromTrip: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/itineraries/from-trip",
    access: "resellerRead",
    summary:
      "Waypoints proposed from a vehicle's stops on a past day (arrival time, stay, optionally the POI or geozone)",
    tags,
    params: companyParams,
    query: fromTripQuerySchema,
    response: fromTripSchema,
  }),
  progress: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/itineraries/progress",
    access: "user",
    summary:
      "The itineraries a vehicle or a person runs today, each waypoint visited, next or missed, planned and actual times",
    tags,
    params: companyParams,
    /** Whose day: `vehicleId` or `personId`, one of the two. */
    query: z.object({
      vehicleId: z.coerce.number().int().positive().optional(),
      personId: z.coerce.number().int().positive().optional(),
    }),
    response: z.array(itineraryProgressSchema),
  }),
};
