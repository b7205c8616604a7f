import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { deletedSchema, worktimeRowSchema, worktimeWriteSchema } from "../model/items.ts";

const companyParams = z.object({ companyId: idParam });
const worktimeParams = z.object({ companyId: idParam, id: idParam });
const tags = ["worktimes"] as const;

/** Work timetables (/trackRules, stored as worktimes): per weekday, assigned to items. */
export const worktimesApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/worktimes",
    access: "user",
    summary: "The company's work timetables, keyed by id",
    tags: ["company load", ...tags],
    params: companyParams,
    response: z.record(z.string(), worktimeRowSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/worktimes",
    access: "subadmin",
    summary: "Create a work timetable",
    tags,
    params: companyParams,
    body: worktimeWriteSchema,
    response: worktimeRowSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/worktimes/id/:id",
    access: "subadmin",
    summary: "Change a work timetable",
    tags,
    params: worktimeParams,
    body: worktimeWriteSchema,
    response: worktimeRowSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/worktimes/id/:id",
    access: "subadmin",
    summary: "Delete a work timetable",
    tags,
    params: worktimeParams,
    response: deletedSchema,
  }),
};
