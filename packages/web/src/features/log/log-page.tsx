import { useQuery } from "@tanstack/react-query";
import type { AuditLogRow } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { auditLogQuery } from "./api.ts";

/** /log: the company's audit log of the last 30 days (administrators), read-only. */
export function LogPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const { timezone: tz } = useTimezone();
  const log = useQuery(auditLogQuery(companyId));
  const rows = useMemo(() => Object.values(log.data ?? {}), [log.data]);
  const columns: DataColumn<AuditLogRow>[] = [
    { key: "ts", header: t("log.date"), value: (r) => formatDateTime(r.ts, tz, true) },
    { key: "user", header: t("log.user"), value: (r) => r.userEmail },
    {
      key: "action",
      header: t("log.action"),
      value: (r) => t(`log.actions.${r.action}`, { defaultValue: r.action }),
    },
    {
      key: "entity",
      header: t("log.entity"),
      value: (r) => t(`log.entities.${r.entity}`, { defaultValue: r.entity }),
    },
    { key: "entityId", header: t("log.entityId"), value: (r) => r.entityId },
    { key: "data", header: t("log.data"), value: (r) => JSON.stringify(r.data).slice(0, 200) },
  ];
  return (
    <DataTable
      name="log"
      title={t("routes.log")}
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      readOnly
      loading={log.isPending}
      initialSort={{ key: "ts", dir: "desc" }}
    />
  );
}
