import { queryOptions } from "@tanstack/react-query";
import { auditApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** The company's audit log. */
export const auditLogQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["log", companyId],
    queryFn: () => api.call(auditApi.log, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });
