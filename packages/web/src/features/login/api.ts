import { queryOptions } from "@tanstack/react-query";
import { unsubscribeApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** What a mail's unsubscribe link stops (asked without a session). */
export const unsubscribeQuery = (key: string) =>
  queryOptions({
    queryKey: ["unsubscribe", key],
    queryFn: () => api.call(unsubscribeApi.info, { params: { key } }, { token: null, quiet: true }),
  });
