import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import {
  COST_GROUPINGS,
  costDateSchema,
  costSchema,
  costTotalSchema,
  costWriteSchema,
} from "../model/costs.ts";
import {
  csvImportBodySchema,
  csvImportQuerySchema,
  deleteBulkResultSchema,
  importResultSchema,
} from "../model/csv.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["costs"] as const;

/** Filters of the list, totals and sum: a day range (inclusive) and optional type, currency and items. */
export const costFilterSchema = z.object({
  from: costDateSchema.optional(),
  to: costDateSchema.optional(),
  typeId: z.coerce.number().int().positive().optional(),
  currency: z.string().max(3).optional(),
  vehicleId: z.coerce.number().int().positive().optional(),
  assetId: z.coerce.number().int().positive().optional(),
  driverId: z.coerce.number().int().positive().optional(),
});
export type CostFilter = z.infer<typeof costFilterSchema>;

export const costsApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/costs",
    access: "user",
    summary: "Costs of the company the caller may see, newest day first",
    tags,
    params: companyParams,
    query: costFilterSchema,
    response: z.array(costSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/costs",
    access: "costs",
    summary: "Create a cost (operators too, even read-only ones)",
    tags,
    params: companyParams,
    body: costWriteSchema,
    response: costSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/costs/id/:id",
    access: "costs",
    summary: "Update a cost",
    tags,
    params: oneParams,
    body: costWriteSchema,
    response: costSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/costs/id/:id",
    access: "costs",
    summary: "Delete a cost",
    tags,
    params: oneParams,
    response: z.object({ id: z.number() }),
  }),
  deleteBulk: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/costs/deletebulk",
    access: "costs",
    summary: "Delete many costs; `count` must repeat how many ids are sent (the number the user typed)",
    tags,
    params: companyParams,
    body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(20_000), count: z.number().int() }),
    response: deleteBulkResultSchema,
  }),
  import: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/costs/import",
    access: "costs",
    summary: "Check a costs CSV, or with commit=1 write all its valid lines in one transaction",
    tags,
    params: companyParams,
    query: csvImportQuerySchema,
    body: csvImportBodySchema,
    response: importResultSchema,
  }),
  totals: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/costs/totals",
    access: "user",
    summary: "Totals per type, month or item, one line per currency",
    tags,
    params: companyParams,
    query: costFilterSchema.extend({ by: z.enum(COST_GROUPINGS).default("type") }),
    response: z.array(costTotalSchema),
  }),
  sum: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/costs/sum",
    access: "user",
    summary: "The sum of the filtered costs; 409 costs.currencies when they are in different currencies",
    tags,
    params: companyParams,
    query: costFilterSchema,
    response: z.object({ currency: z.string().nullable(), amount: z.number(), count: z.number() }),
  }),
};
