import { z } from "zod";
import { cameraInputSchema, cameraInputsSchema, cameraSchema } from "../model/cameras.ts";
import { defineRoute, idParam } from "../model/contract.ts";

const params = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["cameras"] as const;

/** Cameras attached to vehicles (dash cams and others), with a live stream and a server-fetched snapshot. */
export const camerasApi = {
  inputs: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/cameras/inputs",
    access: "user",
    summary: "The camera types a form offers",
    tags,
    params,
    response: cameraInputsSchema,
  }),
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/cameras",
    access: "user",
    summary: "Cameras of the vehicles the caller sees, optionally of one vehicle",
    tags,
    params,
    query: z.object({ vehicleId: z.coerce.number().int().positive().optional() }),
    response: z.array(cameraSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/cameras",
    access: "subadmin",
    summary: "Attach a camera to a vehicle",
    tags,
    params,
    body: cameraInputSchema,
    response: cameraSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/cameras/id/:id",
    access: "subadmin",
    summary: "Change a camera",
    tags,
    params: oneParams,
    body: cameraInputSchema,
    response: cameraSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/cameras/id/:id",
    access: "subadmin",
    summary: "Remove a camera",
    tags,
    params: oneParams,
    response: null,
  }),
  snapshot: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/cameras/id/:id/snapshot",
    access: "user",
    summary: "The camera's current still image, fetched by the server through its egress guard",
    tags,
    params: oneParams,
    response: z.string().describe("the image's bytes"),
  }),
};
