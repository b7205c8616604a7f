import { LineChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import { Alert, Group, Loader, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useQuery } from "@tanstack/react-query";
import { memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { liveKey } from "../../../platform/live/store.ts";
import { sensorHistoryQuery } from "../api.ts";
import { todayIn } from "../route.ts";
import { historySeries } from "./sensor-history.ts";
import { startDay } from "./start-day.ts";

interface Props {
  companyId: number;
  kind: "vehicle" | "asset" | "person";
  itemId: number;
  sensorKey: string;
  label: string;
  unit: string;
  timezone: string;
  /** A raw stored value as the table shows it (multiplier applied). */
  scaled(key: string, raw: number): number | null;
}

/**
 * One sensor's stored values over a chosen day, as a line chart (the all-sensors tool). Memoised: the
 * sensors modal re-renders with every live update of the item, the stored history does not change with them.
 */
export const SensorHistoryChart = memo(function SensorHistoryChart({
  companyId,
  kind,
  itemId,
  sensorKey,
  label,
  unit,
  timezone,
  scaled,
}: Props) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => startDay(liveKey(kind, itemId), timezone));
  const history = useQuery({
    ...sensorHistoryQuery(companyId, kind, itemId, sensorKey, day, timezone),
    enabled: day !== "",
  });
  const data = useMemo(
    () =>
      historySeries(
        history.data?.points ?? [],
        (raw) => scaled(sensorKey, raw),
        (ts) => formatDateTime(ts, timezone),
      ),
    [history.data, scaled, sensorKey, timezone],
  );
  return (
    <Stack gap="xs" data-testid="sensor-history">
      <Group justify="space-between" align="flex-end">
        <Text fw={600} size="sm">
          {t("maptools.sensors.history", { sensor: label })}
        </Text>
        <DatePickerInput
          size="xs"
          w={150}
          aria-label={t("map.route.day")}
          value={day || null}
          maxDate={todayIn(timezone, Date.now())}
          valueFormat="YYYY-MM-DD"
          onChange={(value) => setDay(value ?? "")}
        />
      </Group>
      {history.isFetching && <Loader size="sm" />}
      {history.error && (
        <Alert color="red">
          {history.error instanceof ApiError ? apiErrorText(history.error, t) : String(history.error)}
        </Alert>
      )}
      {history.data && data.length === 0 && <Alert color="gray">{t("maptools.sensors.noHistory")}</Alert>}
      {data.length > 0 && (
        <LineChart
          h={220}
          data={data}
          dataKey="time"
          curveType="stepAfter"
          withDots={data.length < 60}
          unit={unit ? ` ${unit}` : undefined}
          series={[{ name: "value", label, color: "blue.6" }]}
          xAxisProps={{ minTickGap: 40 }}
          // Around the values, not from zero: an odometer's day is a few km on top of tens of thousands.
          yAxisProps={{ domain: ["auto", "auto"] }}
          // Up to a thousand points: no entry animation, which would redo itself on every re-render.
          lineProps={{ isAnimationActive: false }}
        />
      )}
      {history.data?.thinned && (
        <Text size="xs" c="dimmed">
          {t("maptools.sensors.thinned")}
        </Text>
      )}
    </Stack>
  );
});
