import { queryOptions } from "@tanstack/react-query";
import { superLogApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The platform-wide log of the last `days` days up to when asked, optionally of one action. */
export const superLogQuery = (days: string, action: string | null) =>
  queryOptions({
    queryKey: ["super-log", days, action],
    queryFn: () => {
      const to = Date.now();
      return api.call(superLogApi.list, {
        query: { from_ts: to - Number(days) * 86_400_000, to_ts: to, ...(action ? { action } : {}) },
      });
    },
  });
