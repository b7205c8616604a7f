import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { deletedSchema, vehicleRowSchema, vehicleWriteSchema } from "../model/items.ts";

const companyParams = z.object({ companyId: idParam });
const vehicleParams = z.object({ companyId: idParam, id: idParam });
const tags = ["vehicles"] as const;

/** Vehicles (/vehicles): the company-load list, one vehicle, and the writes of subadministrators. */
export const vehiclesApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/vehicles",
    access: "user",
    summary: "Vehicles the caller may see, keyed by id",
    tags: ["company load", ...tags],
    params: companyParams,
    response: z.record(z.string(), vehicleRowSchema),
  }),
  one: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/vehicles/id/:id",
    access: "user",
    summary: "One vehicle",
    tags,
    params: vehicleParams,
    response: vehicleRowSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/vehicles",
    access: "subadmin",
    summary: "Create a vehicle (and assign its driver)",
    tags,
    params: companyParams,
    body: vehicleWriteSchema,
    response: vehicleRowSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/vehicles/id/:id",
    access: "subadmin",
    summary: "Change a vehicle (and its driver)",
    tags,
    params: vehicleParams,
    body: vehicleWriteSchema,
    response: vehicleRowSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/vehicles/id/:id",
    access: "subadmin",
    summary: "Delete a vehicle (its devices stay with the company, unassigned)",
    tags,
    params: vehicleParams,
    response: deletedSchema,
  }),
};
