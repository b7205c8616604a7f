import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  corridorRequestSchema,
  corridorSchema,
  dpaInfoSchema,
  mapMarkerInputSchema,
  mapMarkerSchema,
  sensorHistoryQuerySchema,
  sensorHistorySchema,
} from "../model/map-tools.ts";

const companyParams = z.object({ companyId: idParam });
const tags = ["map tools"] as const;

/** The live map's server-backed tools. Everything is scoped to the company and the caller's groups. */
export const mapToolsApi = {
  corridor: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/geozones/corridor",
    access: "subadmin",
    summary: "A corridor polygon around a route stretch or a drawn line, ready to save as a geozone",
    tags,
    params: companyParams,
    body: corridorRequestSchema,
    response: corridorSchema,
  }),
  dpa: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/dpa",
    access: "user",
    summary: "The company's data-protection limits as they apply to the caller",
    tags,
    params: companyParams,
    response: dpaInfoSchema,
  }),
  sensorHistory: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/sensorhistory",
    access: "user",
    summary: "One sensor's stored values of an item over a period (at most 31 days), for its chart",
    tags,
    params: companyParams,
    query: sensorHistoryQuerySchema,
    response: sensorHistorySchema,
  }),
  markers: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/mapmarkers",
    access: "user",
    summary: "The caller's own markers and the company's shared ones",
    tags,
    params: companyParams,
    response: z.array(mapMarkerSchema),
  }),
  createMarker: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/mapmarkers",
    access: "write",
    summary: "Drop a marker with a note, personal or shared with the company",
    tags,
    params: companyParams,
    body: mapMarkerInputSchema,
    response: mapMarkerSchema,
  }),
  removeMarker: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/mapmarkers/id/:id",
    access: "write",
    summary: "Delete a marker (its author, or an administrator for a shared one)",
    tags,
    params: z.object({ companyId: idParam, id: idParam }),
    response: z.object({ id: z.number() }),
  }),
};
