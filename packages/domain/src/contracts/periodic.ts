import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { deletedSchema } from "../model/items.ts";
import { periodicRowSchema, periodicRunSchema, periodicWriteSchema } from "../reports/periodic.ts";

const companyParams = z.object({ companyId: idParam });
const scheduleParams = z.object({ companyId: idParam, id: idParam });
const tags = ["periodic reports"] as const;

/** Periodic reports (/periodic, administrators): schedules and their run history. */
export const periodicApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/periodic",
    access: "adminRead",
    summary: "The company's periodic report schedules",
    tags,
    params: companyParams,
    response: z.array(periodicRowSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/periodic",
    access: "admin",
    summary: "Create a periodic report schedule",
    tags,
    params: companyParams,
    body: periodicWriteSchema,
    response: periodicRowSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/periodic/id/:id",
    access: "admin",
    summary: "Change a periodic report schedule",
    tags,
    params: scheduleParams,
    body: periodicWriteSchema,
    response: periodicRowSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/periodic/id/:id",
    access: "admin",
    summary: "Delete a periodic report schedule and its history",
    tags,
    params: scheduleParams,
    response: deletedSchema,
  }),
  runs: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/periodic/id/:id/runs",
    access: "adminRead",
    summary: "The last runs of a schedule, newest first",
    tags,
    params: scheduleParams,
    response: z.array(periodicRunSchema),
  }),
};
