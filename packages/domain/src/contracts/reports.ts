import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { REPORT_TYPES } from "../reports/catalogue.ts";
import { reportRequestSchema } from "../reports/request.ts";
import { reportJobSchema } from "../reports/result.ts";

const tags = ["reports"] as const;
const params = z.object({ companyId: idParam });
const jobParams = z.object({ companyId: idParam, jobId: z.string().regex(/^[a-f0-9-]{8,64}$/) });

export const reportTypeSchema = z.object({
  id: z.string(),
  subject: z.enum(["items", "vehicles", "drivers"]),
  ranges: z.array(z.enum(["maxSpeed", "minStopTime", "offlineTime", "inactivityTime"])),
  chart: z.string().nullable(),
  map: z.boolean(),
  uses: z.enum(["events", "sensors"]).optional(),
  zones: z.boolean().optional(),
});
export const reportTypesSchema = z.record(z.string(), reportTypeSchema);

/** The catalogue as the company load answers it, keyed by id. */
export function reportTypesCatalogue(): z.infer<typeof reportTypesSchema> {
  return Object.fromEntries(REPORT_TYPES.map((t) => [t.id, { ...t, ranges: [...t.ranges] }]));
}

/** Reports: subadministrators and above, scoped to their groups. */
export const reportsApi = {
  startJob: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/reports/jobs",
    access: "subadminRead",
    summary: "Starts a report as a job (406 when the search is too broad, before any work)",
    tags,
    params,
    body: reportRequestSchema,
    response: reportJobSchema,
  }),
  job: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/reports/jobs/id/:jobId",
    access: "subadminRead",
    summary: "A report job: its progress, and its result once done",
    tags,
    params: jobParams,
    response: reportJobSchema,
  }),
  cancelJob: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/reports/jobs/id/:jobId",
    access: "subadminRead",
    summary: "Cancels a running report job",
    tags,
    params: jobParams,
    response: null,
  }),
  file: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/reports/jobs/id/:jobId/file",
    access: "subadminRead",
    summary: "A finished report as a file, streamed: PDF, XLSX or CSV (named report_{name}_{date})",
    tags,
    params: jobParams,
    query: z.object({ format: z.enum(["pdf", "xlsx", "csv"]) }),
    response: null,
  }),
};
