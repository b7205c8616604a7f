import { z } from "zod";
import { defineRoute, idParam } from "../contract.ts";

/** Alarm calls of the company load. */
export const alarmsApi = {
  cras: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/cras",
    summary: "Alarm receiving centres of the company's reseller, keyed by id",
    tags: ["company load", "alarms"],
    params: z.object({ companyId: idParam }),
    response: z.record(z.string(), z.object({ id: z.number(), name: z.string() })),
  }),
};
