import { z } from "zod";
import { defineRoute } from "../model/contract.ts";

/** One line of the platform-wide audit log (/superLog): the company log's line plus where it happened. */
export const platformLogRowSchema = z.object({
  id: z.string(),
  ts: z.number(),
  userEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string(),
  resellerName: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PlatformLogRow = z.infer<typeof platformLogRowSchema>;

/** /superLog (super reseller only): sign-ins, administrators' actions, imports and deletes of every tenant. */
export const superLogApi = {
  list: defineRoute({
    method: "GET",
    path: "/resellers/log",
    access: "resellerRead",
    summary: "The platform-wide audit log of a period (default: the last 7 days), newest first",
    tags: ["log"],
    query: z.object({
      from_ts: z.coerce.number().optional(),
      to_ts: z.coerce.number().optional(),
      action: z.string().max(40).optional(),
      /** Part of the user's e-mail or of the company's name. */
      q: z.string().max(100).optional(),
    }),
    response: z.array(platformLogRowSchema),
  }),
};
