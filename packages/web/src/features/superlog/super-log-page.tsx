import { Group, SegmentedControl, Select, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { PlatformLogRow } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { superLogQuery } from "./api.ts";

const ACTIONS = ["login", "create", "update", "delete", "import", "api"] as const;
const DAYS = ["1", "7", "30"] as const;

/** /superLog (super reseller): the audit log of every tenant, filtered by period and action, exportable. */
export function SuperLogPage() {
  const { t } = useTranslation();
  const { timezone: tz } = useTimezone();
  const [days, setDays] = useState<string>("7");
  const [action, setAction] = useState<string | null>(null);
  const log = useQuery(superLogQuery(days, action));
  const columns: DataColumn<PlatformLogRow>[] = [
    { key: "ts", header: t("log.date"), value: (r) => formatDateTime(r.ts, tz, true) },
    { key: "user", header: t("log.user"), value: (r) => r.userEmail },
    { key: "reseller", header: t("superLog.reseller"), value: (r) => r.resellerName },
    { key: "company", header: t("superLog.company"), value: (r) => r.companyName },
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
    <Stack gap="sm" p="md">
      <Group gap="sm">
        <SegmentedControl
          value={days}
          onChange={setDays}
          data={DAYS.map((d) => ({ value: d, label: t("superLog.days", { count: Number(d) }) }))}
          data-testid="superlog-days"
        />
        <Select
          placeholder={t("superLog.allActions")}
          value={action}
          onChange={setAction}
          clearable
          data={ACTIONS.map((a) => ({ value: a, label: t(`log.actions.${a}`, { defaultValue: a }) }))}
          w={220}
          data-testid="superlog-action"
        />
      </Group>
      <DataTable
        name="superlog"
        title={t("routes.superLog")}
        rows={log.data ?? []}
        rowKey={(r) => r.id}
        columns={columns}
        readOnly
        loading={log.isPending}
        initialSort={{ key: "ts", dir: "desc" }}
      />
    </Stack>
  );
}
