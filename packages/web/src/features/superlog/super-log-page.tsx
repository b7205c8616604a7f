import { Group, SegmentedControl, Select, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { PlatformLogRow } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DataColumn } from "../../kit/table/index.ts";
import { AuditLogTable } from "../log/index.ts";
import { superLogQuery } from "./api.ts";

const ACTIONS = ["login", "create", "update", "delete", "import", "api"] as const;
const DAYS = ["1", "7", "30"] as const;

/** /superLog (super reseller): the audit log of every tenant, filtered by period and action, exportable. */
export function SuperLogPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<string>("7");
  const [action, setAction] = useState<string | null>(null);
  const log = useQuery(superLogQuery(days, action));
  const where: DataColumn<PlatformLogRow>[] = [
    { key: "reseller", header: t("superLog.reseller"), value: (r) => r.resellerName },
    { key: "company", header: t("superLog.company"), value: (r) => r.companyName },
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
      <AuditLogTable
        name="superlog"
        title={t("routes.superLog")}
        rows={log.data ?? []}
        loading={log.isPending}
        whereColumns={where}
      />
    </Stack>
  );
}
