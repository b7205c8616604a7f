import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { groupNodeSchema, groupRowSchema, groupWriteSchema } from "../model/items.ts";

const companyParams = z.object({ companyId: idParam });
const groupParams = z.object({ companyId: idParam, id: idParam });

const tags = ["groups"] as const;

/** Groups (/groups): collections keyed by id; writes for administrators. */
export const groupsApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/groups",
    access: "user",
    summary: "Groups the caller may see, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), groupRowSchema),
  }),
  tree: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/groups/tree",
    access: "user",
    summary: "Groups with their derived tree fields, keyed by id",
    tags,
    params: companyParams,
    response: z.record(z.string(), groupNodeSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/groups",
    access: "admin",
    summary: "Create a group",
    tags,
    params: companyParams,
    body: groupWriteSchema,
    response: groupRowSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/groups/id/:id",
    access: "admin",
    summary: "Rename or move a group",
    tags,
    params: groupParams,
    body: groupWriteSchema,
    response: groupRowSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/groups/id/:id",
    access: "admin",
    summary: "Delete an empty group (its children move up to its parent)",
    tags,
    params: groupParams,
    response: z.object({ id: z.number() }),
  }),
};
