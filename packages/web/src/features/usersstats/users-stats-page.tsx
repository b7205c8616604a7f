import { AreaChart, BarChart, LineChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import { Card, Center, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { UsersStats } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../kit/format/number.ts";
import { usersStatsQuery } from "./api.ts";
import { dailyUse, perReseller } from "./stats-series.ts";

const SPANS = ["7", "14", "30"] as const;
const COLORS = ["blue.6", "teal.6", "orange.6", "grape.6", "red.6", "cyan.6", "gray.6"];

/** Days are UTC, as the server groups them; the label is month-day. */
const dayLabel = (day: number) => new Date(day).toISOString().slice(5, 10);

/** /usersstats (super reseller): use of the platform per day: users, sign-ins, reporting items, positions. */
export function UsersStatsPage() {
  const { t } = useTranslation();
  const [span, setSpan] = useState<string>("30");
  const stats = useQuery(usersStatsQuery(span));
  return (
    <Stack gap="sm" p="md" data-testid="usersstats-page">
      <Group justify="space-between">
        <Title order={3}>{t("routes.usersstats")}</Title>
        <SegmentedControl
          value={span}
          onChange={setSpan}
          data={SPANS.map((d) => ({ value: d, label: t("usersStats.days", { count: Number(d) }) }))}
          data-testid="usersstats-span"
        />
      </Group>
      {stats.data ? (
        <Charts stats={stats.data} />
      ) : stats.isError ? (
        <Text c="red">{t("usersStats.failed")}</Text>
      ) : (
        <Center mih={200}>
          <Loader />
        </Center>
      )}
    </Stack>
  );
}

function Charts({ stats }: { stats: UsersStats }) {
  const { t } = useTranslation();
  const use = dailyUse(stats).map((d) => ({ ...d, day: dayLabel(d.day) }));
  const signIns = use.reduce((s, d) => s + d.signIns, 0);
  const peak = use.reduce((m, d) => Math.max(m, d.activeUsers), 0);
  const totalPositions = stats.resellers.reduce((s, r) => s + r.positions, 0);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={t("usersStats.signInsTotal")} value={signIns} testId="stat-signins" />
        <Figure label={t("usersStats.peakUsers")} value={peak} testId="stat-peak" />
        <Figure label={t("usersStats.positionsTotal")} value={totalPositions} testId="stat-positions" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={t("usersStats.usePerDay")}>
          <LineChart
            h={240}
            data={use}
            dataKey="day"
            withLegend
            series={[
              { name: "activeUsers", label: t("usersStats.activeUsers"), color: "blue.6" },
              { name: "signIns", label: t("usersStats.signIns"), color: "teal.6" },
            ]}
          />
        </ChartCard>
        <ChartCard title={t("usersStats.itemsPerDay")}>
          <PerResellerChart stats={stats} measure="items" />
        </ChartCard>
        <ChartCard title={t("usersStats.positionsPerDay")} wide>
          <PerResellerChart stats={stats} measure="positions" />
        </ChartCard>
      </SimpleGrid>
    </>
  );
}

/** One measure per day, stacked by reseller: reporting items as areas, positions as bars. */
function PerResellerChart({ stats, measure }: { stats: UsersStats; measure: "items" | "positions" }) {
  const { t } = useTranslation();
  const { series, rows } = perReseller(stats, measure, t("usersStats.others"));
  if (!series.length) return <Text c="dimmed">{t("usersStats.noData")}</Text>;
  const Chart = measure === "items" ? AreaChart : BarChart;
  return (
    <Chart
      h={measure === "items" ? 240 : 260}
      data={rows.map((r) => ({ ...r, day: dayLabel(r.day ?? 0) }))}
      dataKey="day"
      type="stacked"
      withLegend
      series={series.map((name, i) => ({ name, color: COLORS[i % COLORS.length] ?? "gray.6" }))}
    />
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  const fmt = useNumberFormat();
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {fmt.number(value)}
      </Text>
    </Card>
  );
}

function ChartCard(props: { title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" style={props.wide ? { gridColumn: "1 / -1" } : undefined}>
      <Text fw={600} mb="xs">
        {props.title}
      </Text>
      {props.children}
    </Card>
  );
}
