import { queryOptions } from "@tanstack/react-query";
import { supportsApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** A reseller's support contacts as its screen edits them. */
export const supportsAdminQuery = (resellerId: number) =>
  queryOptions({
    queryKey: ["supports-admin", resellerId],
    queryFn: () => api.call(supportsApi.list, { params: { resellerId } }),
    enabled: resellerId > 0,
  });
