import { queryOptions } from "@tanstack/react-query";
import { usersApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The company's users (the users screen and its writes). */
export const usersQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["users", companyId],
    queryFn: () => api.call(usersApi.list, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });

/** The resellers' super users. */
export const resellerUsersQuery = () =>
  queryOptions({
    queryKey: ["resellerUsers"],
    queryFn: () => api.call(usersApi.resellerList, {}),
  });
