import { z } from "zod";
import { defineRoute } from "../model/contract.ts";

/** One UTC day of platform use: distinct users who did anything, and sign-ins. */
export const usersStatsDaySchema = z.object({
  day: z.number(),
  activeUsers: z.number(),
  signIns: z.number(),
});

/** One UTC day of one reseller's fleet: items that reported, and their positions (from the daily aggregates). */
export const resellerStatsDaySchema = z.object({
  day: z.number(),
  resellerId: z.number(),
  resellerName: z.string(),
  items: z.number(),
  positions: z.number(),
});

export const usersStatsSchema = z.object({
  fromTs: z.number(),
  toTs: z.number(),
  days: z.array(usersStatsDaySchema),
  resellers: z.array(resellerStatsDaySchema),
});
export type UsersStats = z.infer<typeof usersStatsSchema>;

/** /usersstats (super reseller only): use of the platform over the last days. */
export const usersStatsApi = {
  get: defineRoute({
    method: "GET",
    path: "/resellers/stats",
    access: "resellerRead",
    summary: "Active users, sign-ins, reporting items and positions per day (at most the last 30 days)",
    tags: ["resellers"],
    query: z.object({ days: z.coerce.number().int().min(1).max(30).optional() }),
    response: usersStatsSchema,
  }),
};
