import { z } from "zod";
import { beaconZoneInputSchema, beaconZoneSchema } from "../model/beacon-zones.ts";
import { defineRoute, idParam } from "../model/contract.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["indoor"] as const;

/** Beacon zones: company-wide, read by every user of the company, written by subadministrators and up. */
export const beaconZonesApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/beaconzones",
    access: "user",
    summary: "The company's beacon zones, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), beaconZoneSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/beaconzones",
    access: "subadmin",
    summary: "Create a beacon zone: a name, a colour and a set of the company's beacons",
    tags,
    params: companyParams,
    body: beaconZoneInputSchema,
    response: beaconZoneSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/beaconzones/id/:id",
    access: "subadmin",
    summary: "Change a beacon zone",
    tags,
    params: oneParams,
    body: beaconZoneInputSchema,
    response: beaconZoneSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/beaconzones/id/:id",
    access: "subadmin",
    summary: "Delete a beacon zone",
    tags,
    params: oneParams,
    response: z.object({ ok: z.boolean() }),
  }),
};
export type BeaconZonesApi = typeof beaconZonesApi;
