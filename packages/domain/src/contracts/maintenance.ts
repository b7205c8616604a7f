import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  maintenanceCountsSchema,
  revisionDoneSchema,
  revisionSchema,
  revisionWriteSchema,
} from "../model/maintenance.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["maintenance"] as const;

export const revisionFilterSchema = z.object({
  state: z.coerce.number().int().min(0).max(2).optional(),
  itemType: z.coerce.number().int().min(1).max(2).optional(),
  itemId: z.coerce.number().int().positive().optional(),
  overdue: z.enum(["0", "1"]).optional(),
});

export const maintenanceApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/maintenances",
    access: "user",
    summary: "Maintenance revisions of the items the caller sees, by state and item",
    tags,
    params: companyParams,
    query: revisionFilterSchema,
    response: z.array(revisionSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/maintenances",
    access: "write",
    summary: "Plan a revision for an item, or for every vehicle and asset of a group",
    tags,
    params: companyParams,
    body: revisionWriteSchema,
    response: z.array(revisionSchema),
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/maintenances/id/:id",
    access: "write",
    summary: "Change a revision's task, intervals and thresholds",
    tags,
    params: oneParams,
    body: revisionWriteSchema,
    response: revisionSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/maintenances/id/:id",
    access: "write",
    summary: "Delete a revision",
    tags,
    params: oneParams,
    response: z.object({ id: z.number() }),
  }),
  done: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/maintenances/id/:id/done",
    access: "write",
    summary: "Mark a revision done (date, readings, workshop, cost, attachments); may schedule the next one",
    tags,
    params: oneParams,
    body: revisionDoneSchema,
    response: z.object({ revision: revisionSchema, next: revisionSchema.nullable() }),
  }),
  undone: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/maintenances/id/:id/undone",
    access: "write",
    summary: "Unmark a done revision (and drop the next one it scheduled, if untouched)",
    tags,
    params: oneParams,
    response: revisionSchema,
  }),
  counts: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/maintenances/counts",
    access: "user",
    summary: "How many revisions are planned, pending, overdue and done (dashboard tile)",
    tags,
    params: companyParams,
    response: maintenanceCountsSchema,
  }),
  file: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/maintenances/id/:id/files/id/:fileId",
    access: "user",
    summary:
      "The bytes of one attachment of a revision, for users who see the revision's item (group-scoped users: their groups)",
    tags,
    params: z.object({ companyId: idParam, id: idParam, fileId: idParam }),
    query: z.object({ download: z.coerce.boolean().optional() }),
    response: z.string().describe("the file's bytes, with its content type"),
  }),
};
