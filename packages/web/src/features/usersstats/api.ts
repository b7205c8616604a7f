import { queryOptions } from "@tanstack/react-query";
import { usersStatsApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The platform's use statistics over the last `span` days. */
export const usersStatsQuery = (span: string) =>
  queryOptions({
    queryKey: ["users-stats", span],
    queryFn: () => api.call(usersStatsApi.get, { query: { days: Number(span) } }),
  });
