import { queryOptions } from "@tanstack/react-query";
import { brandsApi, resellersApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The reseller tree as the resellers screen edits it. */
export const resellersAdminQuery = () =>
  queryOptions({
    queryKey: ["resellersAdmin"],
    queryFn: () => api.call(resellersApi.list, {}),
  });

/** The brands (white labels) of a reseller's tree; none before the reseller is known. */
export const brandsQuery = (resellerId: number) =>
  queryOptions({
    queryKey: ["brands", resellerId],
    queryFn: () => api.call(brandsApi.list, { params: { resellerId } }),
    enabled: resellerId > 0,
  });
