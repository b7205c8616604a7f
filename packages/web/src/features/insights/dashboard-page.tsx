import { BarChart, DonutChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { countFleetStatus, type Dashboard, fleetStatus } from "@vigia/domain";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../kit/format/number.ts";
import { useCompany } from "../../platform/company/index.ts";
import { liveItems } from "../../platform/live/store.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { revisionCountsQuery } from "../maintenance/index.ts";
import { openTicketsCountQuery } from "../tickets/index.ts";
import { dashboardQuery } from "./api.ts";
import { formatHours } from "./format.ts";
import { presetRange } from "./period.ts";
import { PeriodBar, type PeriodChoice } from "./period-bar.tsx";

const STATUS_COLORS = { moving: "green", idle: "yellow", stopped: "red", offline: "gray" } as const;

/** Live counts by fleet status, recounted on every live batch. */
function useLiveCounts() {
  const version = useSyncExternalStore(liveItems.subscribe, liveItems.getVersion, liveItems.getVersion);
  void version;
  return countFleetStatus([...liveItems.items.values()].map((s) => fleetStatus(s)));
}

/** /dashboard: live tiles, period figures and charts, alarms by priority and top lists, over the user's items. */
export function DashboardPage() {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const { companyId } = useCompany();
  const { timezone } = useTimezone();
  const [period, setPeriod] = useState<PeriodChoice>(() => ({
    ...presetRange("week", Date.now(), timezone),
    groupIds: [],
  }));
  const live = useLiveCounts();
  const query = useQuery(dashboardQuery(companyId, period));
  const data = query.data;
  // The back office's figures: revisions falling due and tickets still open, in the user's scope.
  const maintenance = useQuery(revisionCountsQuery(companyId));
  const tickets = useQuery(openTicketsCountQuery(companyId));
  return (
    <Stack p="md" gap="md" data-testid="dashboard">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>{t("routes.dashboard")}</Title>
        <PeriodBar value={period} onChange={setPeriod} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {(["moving", "idle", "stopped", "offline"] as const).map((status) => (
          <Tile
            key={status}
            label={t(`insights.live.${status}`)}
            value={String(live[status])}
            color={STATUS_COLORS[status]}
            testId={`tile-${status}`}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Tile
          label={t("insights.distance")}
          value={data ? fmt.distance(data.totals.distanceM) : "…"}
          testId="tile-distance"
        />
        <Tile
          label={t("insights.drivingHours")}
          value={data ? formatHours(data.totals.drivingMs, fmt.lang) : "…"}
        />
        <Tile
          label={t("insights.fuel")}
          value={data ? (data.totals.fuelL === null ? "—" : fmt.litres(data.totals.fuelL)) : "…"}
        />
        <Tile
          label={t("insights.score")}
          value={data ? (data.totals.score === null ? "—" : fmt.number(data.totals.score, 1, true)) : "…"}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Tile
          label={t("insights.maintenanceDue")}
          value={
            maintenance.data
              ? t("insights.maintenanceDueValue", {
                  due: maintenance.data.pending,
                  overdue: maintenance.data.overdue,
                })
              : "…"
          }
          color={maintenance.data && maintenance.data.overdue > 0 ? "red" : undefined}
          testId="tile-maintenance"
        />
        <Tile
          label={t("insights.openTickets")}
          value={tickets.data ? String(tickets.data.open) : "…"}
          testId="tile-tickets"
        />
      </SimpleGrid>
      {data?.tooMany ? <Alert color="yellow">{t("insights.tooMany")}</Alert> : null}
      {data ? <Charts data={data} /> : null}
    </Stack>
  );
}

function Tile({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  testId?: string;
}) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {color ? <Badge color={color} size="xs" circle /> : null}
      </Group>
      <Text fw={700} size="xl" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
    </Card>
  );
}

function Charts({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const alarms = [
    {
      name: t("alarms.priority.3", { defaultValue: "high" }),
      value: data.alarmsByPriority.high,
      color: "red.6",
    },
    {
      name: t("alarms.priority.2", { defaultValue: "medium" }),
      value: data.alarmsByPriority.medium,
      color: "blue.6",
    },
    {
      name: t("alarms.priority.1", { defaultValue: "low" }),
      value: data.alarmsByPriority.low,
      color: "green.6",
    },
  ];
  const openAlarms = alarms.reduce((sum, a) => sum + a.value, 0);
  const daily = data.daily.map((d) => ({
    day: d.day.slice(5),
    km: Math.round(d.distanceM / 100) / 10,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder padding="sm" style={{ gridColumn: "span 2" }}>
          <Text fw={600} mb="xs">
            {t("insights.dailyDistance")}
          </Text>
          {daily.length ? (
            <BarChart
              h={220}
              data={daily}
              dataKey="day"
              series={[{ name: "km", color: "blue.6", label: t("insights.km") }]}
              valueFormatter={(km) => fmt.number(km, 1)}
            />
          ) : (
            <Text c="dimmed">{t("insights.noData")}</Text>
          )}
        </Card>
        <Card withBorder padding="sm" data-testid="alarms-by-priority">
          <Text fw={600} mb="xs">
            {t("insights.openAlarms")}: {openAlarms}
          </Text>
          {openAlarms ? (
            <DonutChart data={alarms} withLabels withLabelsLine={false} withLegend h={200} mx="auto" />
          ) : (
            <Text c="dimmed">{t("insights.noAlarms")}</Text>
          )}
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TopList
          title={t("insights.topDistance")}
          rows={data.topDistance.map((r) => ({
            key: `${r.itemType}:${r.itemId}`,
            name: r.name,
            value: fmt.distance(r.distanceM),
          }))}
        />
        <TopList
          title={t("insights.worstScores")}
          rows={data.worstScores.map((r) => ({
            key: `${r.itemType}:${r.itemId}`,
            name: r.name,
            value: fmt.number(r.score, 1, true),
          }))}
        />
        <TopList
          title={t("insights.mostAlarms")}
          rows={data.mostAlarms.map((r) => ({
            key: `${r.itemType}:${r.itemId}`,
            name: r.name,
            value: fmt.number(r.alarms),
          }))}
        />
      </SimpleGrid>
    </>
  );
}

function TopList({ title, rows }: { title: string; rows: { key: string; name: string; value: string }[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {rows.length ? (
        <Table striped>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td ta="right">{r.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">{t("insights.noData")}</Text>
      )}
    </Card>
  );
}
