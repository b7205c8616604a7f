import { queryOptions } from "@tanstack/react-query";
import { resellersApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The reseller tree as the resellers screen edits it. */
export const resellersAdminQuery = () =>
  queryOptions({
    queryKey: ["resellersAdmin"],
    queryFn: () => api.call(resellersApi.list, {}),
  });
