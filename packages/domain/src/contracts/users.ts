import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  csvImportBodySchema,
  csvImportQuerySchema,
  deleteBulkResultSchema,
  importResultSchema,
} from "../model/csv.ts";
import { userSchema, userWriteSchema } from "../model/users.ts";

const companyParams = z.object({ companyId: idParam });
const companyUserParams = z.object({ companyId: idParam, id: idParam });
const resellerUserParams = z.object({ id: idParam });

/** Body of a reseller-level user: the user fields, and which reseller of the caller's tree it belongs to. */
export const resellerUserWriteSchema = userWriteSchema.extend({
  resellerId: z.number().int().positive().optional(),
});
export type ResellerUserWrite = z.input<typeof resellerUserWriteSchema>;

const usersById = z.record(z.string(), userSchema);
/** A reseller-level account as /superUsers lists it: the user plus its two-factor state. */
export const resellerUserRowSchema = userSchema.extend({ twoFactor: z.enum(["off", "pending", "on"]) });
export type ResellerUserRow = z.infer<typeof resellerUserRowSchema>;
const resellerUsersById = z.record(z.string(), resellerUserRowSchema);
const removed = z.object({ id: z.number() });

const tags = ["users"] as const;
const resellerTags = ["reseller users"] as const;

/** User management: company users under the company, reseller-level users under /resellers. */
export const usersApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/users",
    access: "adminRead",
    summary: "The company's users, keyed by id (administrators)",
    tags,
    params: companyParams,
    response: usersById,
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/users",
    access: "admin",
    summary: "Create a company user and mail the create-password link",
    tags,
    params: companyParams,
    body: userWriteSchema,
    response: userSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/users/id/:id",
    access: "adminOrSelf",
    summary: "Update a company user",
    tags,
    params: companyUserParams,
    body: userWriteSchema,
    response: userSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/users/id/:id",
    access: "admin",
    summary: "Delete a company user (never oneself)",
    tags,
    params: companyUserParams,
    response: removed,
  }),
  deleteBulk: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/users/deletebulk",
    access: "admin",
    summary: "Delete many company users; each id not deleted is listed with its reason",
    tags,
    params: companyParams,
    body: z.object({ userIds: z.array(z.number().int()).min(1).max(20_000) }),
    response: deleteBulkResultSchema,
  }),
  import: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/users/import",
    access: "admin",
    summary: "Check a users CSV, or with commit=1 write its valid lines",
    tags,
    params: companyParams,
    query: csvImportQuerySchema,
    body: csvImportBodySchema,
    response: importResultSchema,
  }),
  resellerList: defineRoute({
    method: "GET",
    path: "/resellers/users",
    access: "resellerRead",
    summary: "Reseller-level users of the caller's reseller tree, keyed by id",
    tags: resellerTags,
    response: resellerUsersById,
  }),
  resellerCreate: defineRoute({
    method: "POST",
    path: "/resellers/users",
    access: "reseller",
    summary: "Create a reseller-level user and mail the create-password link",
    tags: resellerTags,
    body: resellerUserWriteSchema,
    response: userSchema,
  }),
  resellerUpdate: defineRoute({
    method: "PUT",
    path: "/resellers/users/id/:id",
    access: "resellerOrSelf",
    summary: "Update a reseller-level user (everyone may save their own preferences)",
    tags: resellerTags,
    params: resellerUserParams,
    body: resellerUserWriteSchema,
    response: userSchema,
  }),
  resellerRemove: defineRoute({
    method: "DELETE",
    path: "/resellers/users/id/:id",
    access: "reseller",
    summary: "Delete a reseller-level user (never oneself)",
    tags: resellerTags,
    params: resellerUserParams,
    response: removed,
  }),
};
