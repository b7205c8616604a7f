import { queryOptions } from "@tanstack/react-query";
import { shareRoutesApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/**
 * A shared route's view, read without a session; kept until the page reads it again (the live channel patches it
 * in place meanwhile), and a refused link is not asked again.
 */
export const sharedRouteQuery = (token: string) =>
  queryOptions({
    queryKey: ["shareroute", token],
    queryFn: () => api.call(shareRoutesApi.view, { params: { token } }, { token: null, quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
