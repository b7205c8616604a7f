import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";
import { poiSchema } from "../places.ts";

const companyParams = z.object({ companyId: idParam });
const latLng = z.object({ lat: z.number(), lng: z.number() });

/** A geozone as the API returns it (see `Geozone`): the open ring for polygons, the map geometry for both. */
export const geozoneRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  group: z.number().nullable(),
  description: z.string(),
  type: z.enum(["circle", "polygon"]),
  lat: z.number(),
  lng: z.number(),
  radius: z.number().nullable(),
  points: z.array(latLng),
  geometry: z.object({
    type: z.literal("Polygon"),
    coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
  }),
  createdTs: z.number(),
  updatedTs: z.number(),
});

export const wmsLayerRowSchema = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  title: z.string(),
  createdTs: z.number(),
});

/** Places seen by the company load: geozones, POIs and WMS layers, each keyed by id. */
export const placesApi = {
  geozones: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/geozones",
    summary: "Geozones the caller may see, keyed by id",
    tags: ["company load", "places"],
    params: companyParams,
    response: z.record(z.string(), geozoneRowSchema),
  }),
  pois: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/pois",
    summary: "POIs the caller may see, keyed by id",
    tags: ["company load", "places"],
    params: companyParams,
    response: z.record(z.string(), poiSchema),
  }),
  layers: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/layers",
    summary: "The company's WMS layers, keyed by id",
    tags: ["company load", "places"],
    params: companyParams,
    response: z.record(z.string(), wmsLayerRowSchema),
  }),
};
