import type { AuditLogRow } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { type DataColumn, DataTable, type DataTableProps } from "../../kit/table/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";

/**
 * An audit log, read-only and newest first: when, who, what on which object and the recorded data. The
 * platform-wide log adds its own columns (where it happened) after the user.
 */
export function AuditLogTable<Row extends AuditLogRow>({
  whereColumns = [],
  ...table
}: Pick<DataTableProps<Row>, "name" | "title" | "rows" | "loading"> & {
  whereColumns?: readonly DataColumn<Row>[];
}) {
  const { t } = useTranslation();
  const { timezone: tz } = useTimezone();
  const columns: DataColumn<Row>[] = [
    { key: "ts", header: t("log.date"), value: (r) => formatDateTime(r.ts, tz, true) },
    { key: "user", header: t("log.user"), value: (r) => r.userEmail },
    ...whereColumns,
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
      {...table}
      rowKey={(r) => r.id}
      columns={columns}
      readOnly
      initialSort={{ key: "ts", dir: "desc" }}
    />
  );
}
