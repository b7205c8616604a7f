import { z } from "zod";
import { companyRecordSchema, companyWriteSchema } from "../model/admin.ts";
import { defineRoute, idParam } from "../model/contract.ts";

const resellerParams = z.object({ resellerId: idParam });
const companyParams = z.object({ resellerId: idParam, companyId: idParam });

const tags = ["companies admin"] as const;

/** Company management of the /companies super-user view, under the caller's reseller subtree. */
export const companiesAdminApi = {
  get: defineRoute({
    method: "GET",
    path: "/resellers/id/:resellerId/companies/id/:companyId",
    access: "resellerRead",
    summary: "One company of the subtree, every field the form edits",
    tags,
    params: companyParams,
    response: companyRecordSchema,
  }),
  create: defineRoute({
    method: "POST",
    path: "/resellers/id/:resellerId/companies",
    access: "reseller",
    summary: "Create a company (with its first group)",
    tags,
    params: resellerParams,
    body: companyWriteSchema,
    response: companyRecordSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/resellers/id/:resellerId/companies/id/:companyId",
    access: "reseller",
    summary: "Edit a company; a state change reaches its connected browsers",
    tags,
    params: companyParams,
    body: companyWriteSchema,
    response: companyRecordSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/resellers/id/:resellerId/companies/id/:companyId",
    access: "reseller",
    summary: "Delete a company; its devices go back to the reseller's stock",
    tags,
    params: companyParams,
    response: z.object({ id: z.number() }),
  }),
};
