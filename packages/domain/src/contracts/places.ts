import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";
import {
  geozoneInputSchema,
  geozoneSchema,
  placesAtQuerySchema,
  placesAtSchema,
  poiInputSchema,
  poiSchema,
  wmsLayerInputSchema,
  wmsLayerSchema,
} from "../places.ts";
import { placesImportBodySchema, placesImportResultSchema } from "../placesImport.ts";

const companyParams = z.object({ companyId: idParam });
const placeParams = z.object({ companyId: idParam, id: idParam });
const ok = z.object({ ok: z.boolean() });

const tags = ["places"] as const;

/**
 * Places (spec 01 §3, §5; 02 §3, §5): geozones and POIs in the caller's group scope, the company's WMS layers,
 * CSV imports (a dry run unless `commit`) and which places a point is in. Writes for subadministrators and up.
 */
export const placesApi = {
  geozones: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/geozones",
    summary: "Geozones the caller may see, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), geozoneSchema),
  }),
  geozone: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/geozones/id/:id",
    summary: "One geozone",
    tags,
    params: placeParams,
    response: geozoneSchema,
  }),
  createGeozone: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/geozones",
    summary: "Create a geozone (circle or polygon)",
    tags,
    params: companyParams,
    body: geozoneInputSchema,
    response: geozoneSchema,
  }),
  updateGeozone: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/geozones/id/:id",
    summary: "Change a geozone",
    tags,
    params: placeParams,
    body: geozoneInputSchema,
    response: geozoneSchema,
  }),
  removeGeozone: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/geozones/id/:id",
    summary: "Delete a geozone",
    tags,
    params: placeParams,
    response: ok,
  }),
  importGeozones: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/geozones/import",
    summary: "Check geozone CSV rows and, with commit, insert the valid ones",
    tags,
    params: companyParams,
    body: placesImportBodySchema,
    response: placesImportResultSchema(geozoneSchema),
  }),
  pois: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/pois",
    summary: "Points of interest the caller may see, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), poiSchema),
  }),
  poi: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/pois/id/:id",
    summary: "One point of interest",
    tags,
    params: placeParams,
    response: poiSchema,
  }),
  createPoi: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/pois",
    summary: "Create a point of interest",
    tags,
    params: companyParams,
    body: poiInputSchema,
    response: poiSchema,
  }),
  updatePoi: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/pois/id/:id",
    summary: "Change a point of interest",
    tags,
    params: placeParams,
    body: poiInputSchema,
    response: poiSchema,
  }),
  removePoi: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/pois/id/:id",
    summary: "Delete a point of interest",
    tags,
    params: placeParams,
    response: ok,
  }),
  importPois: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/pois/import",
    summary: "Check POI CSV rows and, with commit, insert the valid ones",
    tags,
    params: companyParams,
    body: placesImportBodySchema,
    response: placesImportResultSchema(poiSchema),
  }),
  layers: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/layers",
    summary: "The company's WMS layers, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), wmsLayerSchema),
  }),
  createLayer: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/layers",
    summary: "Add a WMS layer once the service offers it",
    tags,
    params: companyParams,
    body: wmsLayerInputSchema,
    response: wmsLayerSchema,
  }),
  updateLayer: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/layers/id/:id",
    summary: "Change a WMS layer",
    tags,
    params: placeParams,
    body: wmsLayerInputSchema,
    response: wmsLayerSchema,
  }),
  removeLayer: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/layers/id/:id",
    summary: "Delete a WMS layer",
    tags,
    params: placeParams,
    response: ok,
  }),
  at: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/places/at",
    summary: "The geozones a point is in and the POIs it is near, in the caller's scope",
    tags,
    params: companyParams,
    query: placesAtQuerySchema,
    response: placesAtSchema,
  }),
};
