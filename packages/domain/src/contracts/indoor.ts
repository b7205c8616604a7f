import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  beaconInputSchema,
  beaconInputsSchema,
  beaconSchema,
  indoorMapInputSchema,
  indoorMapSchema,
} from "../model/indoor.ts";
import { placesImportBodySchema, placesImportResultSchema } from "../model/places-import.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const ok = z.object({ ok: z.boolean() });
const tags = ["indoor"] as const;

/**
 * Indoor maps and beacons: company-wide, read by every user of the company (the live map
 * draws them), written by subadministrators and up. `imaps`, `ibeacons` and `ibeacons/inputs` are company loads.
 */
export const indoorApi = {
  maps: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/imaps",
    access: "user",
    summary: "The company's indoor maps, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), indoorMapSchema),
  }),
  createMap: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/imaps",
    access: "subadmin",
    summary: "Create an indoor map (one building level)",
    tags,
    params: companyParams,
    body: indoorMapInputSchema,
    response: indoorMapSchema,
  }),
  updateMap: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/imaps/id/:id",
    access: "subadmin",
    summary: "Change an indoor map: name, level, floor plan, placement",
    tags,
    params: oneParams,
    body: indoorMapInputSchema,
    response: indoorMapSchema,
  }),
  removeMap: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/imaps/id/:id",
    access: "subadmin",
    summary: "Delete an indoor map; its beacons stay, without a map",
    tags,
    params: oneParams,
    response: ok,
  }),
  beacons: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/ibeacons",
    access: "user",
    summary: "The company's beacons, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), beaconSchema),
  }),
  beaconInputs: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/ibeacons/inputs",
    access: "user",
    summary: "Beacon types and indoor maps the beacon form offers",
    tags,
    params: companyParams,
    response: beaconInputsSchema,
  }),
  createBeacon: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/ibeacons",
    access: "subadmin",
    summary: "Create a beacon",
    tags,
    params: companyParams,
    body: beaconInputSchema,
    response: beaconSchema,
  }),
  updateBeacon: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/ibeacons/id/:id",
    access: "subadmin",
    summary: "Change a beacon",
    tags,
    params: oneParams,
    body: beaconInputSchema,
    response: beaconSchema,
  }),
  removeBeacon: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/ibeacons/id/:id",
    access: "subadmin",
    summary: "Delete a beacon",
    tags,
    params: oneParams,
    response: ok,
  }),
  importBeacons: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/ibeacons/import",
    access: "subadmin",
    summary: "Check beacon CSV rows and, with commit, insert the valid ones",
    tags,
    params: companyParams,
    body: placesImportBodySchema,
    response: placesImportResultSchema(beaconSchema),
  }),
};
export type IndoorApi = typeof indoorApi;
