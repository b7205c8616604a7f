import { BarChart, LineChart } from "@mantine/charts";
import { Alert, Card, Stack, Text } from "@mantine/core";
import { columnLabel, type ReportCell, type ReportResult, reportWords } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { displayCell } from "./cells.ts";
import { ReportMap } from "./report-map.tsx";

type Row = { key: number; cells: ReportCell[] };
const SERIES_COLORS = ["blue.6", "orange.6", "teal.6", "grape.6", "red.6"];

/** A finished report on screen: its chart, its map preview and the generic table (sort, pages, search, export). */
export function ReportResultView({ result }: { result: ReportResult }) {
  const { t, i18n } = useTranslation();
  const { timezone } = useTimezone();
  const words = reportWords(i18n.language);
  const rows = useMemo<Row[]>(() => result.rows.map((cells, key) => ({ key, cells })), [result]);
  const columns: DataColumn<Row>[] = result.columns.map((c, i) => ({
    key: c.key,
    header: columnLabel(words, i18n.language, c.key),
    value: (r) => {
      const v = r.cells[i] ?? null;
      return c.kind === "text" || typeof v !== "number" ? displayCell(v, c.kind, timezone, i18n.language) : v;
    },
    render: (r) => displayCell(r.cells[i] ?? null, c.kind, timezone, i18n.language),
  }));
  const chart = result.chart;
  const chartData = useMemo(
    () =>
      (chart?.points ?? []).map((p) => ({
        x: typeof p.x === "number" ? formatDateTime(p.x, timezone).slice(5) : p.x,
        ...p.values,
      })),
    [chart, timezone],
  );
  const series = (chart?.series ?? []).map((name, i) => ({
    name,
    label: t(`reports.series.${name}`, { defaultValue: name }),
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
  }));
  const range = `${formatDateTime(result.from, timezone)} – ${formatDateTime(result.to, timezone)}`;
  return (
    <Stack gap="md" data-testid="report-result">
      {result.notice ? (
        <Alert color="yellow" data-testid="report-notice">
          {t(`reports.notices.${result.notice}`)}
        </Alert>
      ) : null}
      {chart && chartData.length ? (
        <Card withBorder>
          <Text size="sm" fw={600} mb="xs">
            {t(`reports.charts.${chart.kind}`, { defaultValue: chart.kind })}
          </Text>
          {chart.kind === "speedProfile" || chart.kind === "sensorValues" ? (
            <LineChart
              h={220}
              data={chartData}
              dataKey="x"
              series={series}
              withDots={false}
              curveType="linear"
            />
          ) : (
            <BarChart h={220} data={chartData} dataKey="x" series={series} />
          )}
        </Card>
      ) : null}
      {result.map &&
      (result.map.tracks.length ||
        result.map.markers.length ||
        result.map.geozoneIds.length ||
        result.map.poiIds.length) ? (
        <ReportMap data={result.map} />
      ) : null}
      <DataTable
        name={`report_${result.type}`}
        title={words.titles[result.type]}
        rows={rows}
        rowKey={(r) => r.key}
        columns={columns}
        readOnly
        dateRange={range}
      />
    </Stack>
  );
}
