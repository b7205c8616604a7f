import { z } from "zod";
import { auditLogRowSchema } from "../model/admin.ts";
import { defineRoute, idParam } from "../model/contract.ts";

/** The company's audit log (/log screen). */
export const auditApi = {
  log: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/log",
    access: "adminRead",
    summary: "Audit log lines of a period (default: the last 30 days), newest first, keyed by id",
    tags: ["log"],
    params: z.object({ companyId: idParam }),
    query: z.object({ from_ts: z.coerce.number().optional(), to_ts: z.coerce.number().optional() }),
    response: z.record(z.string(), auditLogRowSchema),
  }),
};
