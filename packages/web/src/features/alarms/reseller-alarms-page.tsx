import { Badge, Stack } from "@mantine/core";
import { IconCheck, IconProgress } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type AlarmLog, alarmsApi, allows } from "@vigia/domain";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { send } from "../../kit/forms/send.ts";
import { RangePicker } from "../../kit/pickers/range-picker.tsx";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { resellerQueries } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useUser } from "../../platform/session/session.ts";
import { lastWeek } from "./logic.ts";

const STATE_COLOR = { 0: "red", 1: "yellow", 2: "green" } as const;

/**
 * /reselleralarms: notices of every company of the reseller subtree, named by company, which reseller staff
 * move to in process or resolved.
 */
export function ResellerAlarmsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const { timezone } = useTimezone();
  const [range, setRange] = useState(() => lastWeek(Date.now()));
  const [logs, setLogs] = useState<AlarmLog[]>([]);
  const [loading, setLoading] = useState(false);
  const resellerId = user.resellerId;

  const load = useCallback(async () => {
    if (!resellerId) return;
    setLoading(true);
    try {
      const r = await api.call(alarmsApi.resellerNotices, {
        params: { resellerId },
        query: { from_ts: range.from, to_ts: range.to },
      });
      setLogs(Object.values(r));
    } finally {
      setLoading(false);
    }
  }, [resellerId, range]);
  useEffect(() => void load().catch(() => undefined), [load]);
  const companies = useQuery({ ...resellerQueries.companies(resellerId ?? 0), enabled: resellerId !== null });
  const companyName = useCallback(
    (id: number) => companies.data?.[String(id)]?.name ?? String(id),
    [companies.data],
  );
  const canChange = allows(alarmsApi.resellerSetNoticeState.access, user);
  const setState = useCallback(
    async (log: AlarmLog, value: 1 | 2) => {
      if (!resellerId) return;
      const res = await send(() =>
        api.call(
          alarmsApi.resellerSetNoticeState,
          { params: { resellerId, logId: log.id }, body: { value, text: "" } },
          { quiet: true },
        ),
      );
      if (res.ok) setLogs((all) => all.map((l) => (l.id === log.id ? res.value : l)));
    },
    [resellerId],
  );
  const actions = useMemo<RowAction<AlarmLog>[]>(
    () => [
      {
        key: "inProcess",
        label: t("alarms.state.1"),
        icon: <IconProgress size={16} />,
        color: "yellow",
        visible: (l) => l.state.current.value === 0,
        onClick: (l) => setState(l, 1),
      },
      {
        key: "resolve",
        label: t("alarms.state.2"),
        icon: <IconCheck size={16} />,
        color: "green",
        visible: (l) => l.state.current.value !== 2,
        onClick: (l) => setState(l, 2),
      },
    ],
    [t, setState],
  );

  const columns = useMemo<DataColumn<AlarmLog>[]>(
    () => [
      {
        key: "ts",
        header: t("alarms.col.date"),
        value: (l) => formatDateTime(l.ts, timezone, true),
        sortable: true,
      },
      {
        key: "company",
        header: t("alarms.col.company"),
        value: (l) => companyName(l.companyId),
        sortable: true,
      },
      { key: "name", header: t("alarms.col.name"), value: (l) => l.info.name, sortable: true },
      {
        key: "event",
        header: t("alarms.col.event"),
        value: (l) => `${t(`alarms.events.${l.data.event}`, { defaultValue: l.data.event })} ${l.data.text}`,
        sortable: true,
      },
      { key: "item", header: t("alarms.col.item"), value: (l) => l.itemName, sortable: true },
      {
        key: "state",
        header: t("alarms.col.state"),
        value: (l) => t(`alarms.state.${l.state.current.value}`),
        render: (l) => (
          <Badge color={STATE_COLOR[l.state.current.value]} variant="light">
            {t(`alarms.state.${l.state.current.value}`)}
          </Badge>
        ),
        sortable: true,
      },
    ],
    [t, timezone, companyName],
  );

  return (
    <Stack p="md" gap="md" style={{ flex: 1 }}>
      <RangePicker initial={range} onShow={setRange} />
      <DataTable
        name="alarms"
        title={t("alarms.title")}
        rows={logs}
        rowKey={(l) => l.id}
        columns={columns}
        loading={loading}
        actions={actions}
        readOnly={!canChange}
        initialSort={{ key: "ts", dir: "desc" }}
      />
    </Stack>
  );
}
