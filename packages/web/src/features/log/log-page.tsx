import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { auditLogQuery } from "./api.ts";
import { AuditLogTable } from "./audit-log-table.tsx";

/** /log: the company's audit log of the last 30 days (administrators), read-only. */
export function LogPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const log = useQuery(auditLogQuery(companyId));
  const rows = useMemo(() => Object.values(log.data ?? {}), [log.data]);
  return <AuditLogTable name="log" title={t("routes.log")} rows={rows} loading={log.isPending} />;
}
