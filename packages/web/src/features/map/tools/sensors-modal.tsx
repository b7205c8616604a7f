import { Alert, Badge, Table, Text } from "@mantine/core";
import { IconChartLine } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { liveItems, parseKey } from "../../../platform/live/store.ts";
import { useLiveVersion } from "../hooks.ts";
import { useShownSensors } from "../sensor-list.tsx";
import { nextSensorSince, type SensorSince } from "./sensor-changes.ts";
import { SensorHistoryChart } from "./sensor-history-chart.tsx";
import { TipIcon } from "./tip-icon.tsx";
import { ItemToolModal } from "./tool-frame.tsx";
import type { MapToolProps } from "./types.ts";

const NONE: SensorSince = new Map();

/**
 * Every sensor and input of the selected item: name, value with unit, group and when it last changed; the chart
 * button of a numeric or on/off sensor opens its history over a chosen day.
 */
export function SensorsModal(props: MapToolProps) {
  const { companyId, selected, timezone } = props;
  const { t } = useTranslation();
  const version = useLiveVersion();
  const state = selected ? liveItems.items.get(selected) : undefined;
  const { kind, id } = selected ? parseKey(selected) : { kind: "vehicle" as const, id: 0 };
  const sensors = state?.sensors ?? {};
  const { shown, label, value, scaled } = useShownSensors(kind, id, sensors);
  // The sensor whose history chart is open under the table (numbers and on/off only: text has no chart).
  const [charted, setCharted] = useState<string | null>(null);
  const chartedSensor = shown.find((s) => s.key === charted);
  const [since, setSince] = useState<SensorSince>(NONE);
  const ts = state?.pos?.ts ?? null;
  // Each new position of the item while the window is open dates the sensors that changed with it.
  const live = state?.sensors;
  useEffect(() => {
    if (ts !== null && live) setSince((prev) => nextSensorSince(prev, live, ts));
  }, [version, ts, live]);

  return (
    <ItemToolModal tool={props} title={t("maptools.sensors.title")} size="lg">
      {shown.length === 0 ? (
        <Alert color="gray">{t("maptools.sensors.none")}</Alert>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {ts !== null && t("maptools.sensors.lastPosition", { date: formatDateTime(ts, timezone) })}
          </Text>
          <Table striped fz="sm" data-testid="sensors-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("maptools.sensors.name")}</Table.Th>
                <Table.Th>{t("maptools.sensors.value")}</Table.Th>
                <Table.Th>{t("maptools.sensors.changed")}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((s) => {
                const changed = since.get(s.key)?.since ?? null;
                return (
                  <Table.Tr key={s.key}>
                    <Table.Td title={s.key}>
                      {label(s)}{" "}
                      {s.group === "technical" && (
                        <Badge size="xs" variant="light" color="gray">
                          {t("maptools.sensors.technical")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td fw={500}>{value(s)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c={changed === null ? "dimmed" : undefined}>
                        {changed === null ? t("maptools.sensors.notSeen") : formatDateTime(changed, timezone)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {typeof s.value !== "string" && (
                        <TipIcon
                          label={t("maptools.sensors.chart")}
                          variant={charted === s.key ? "filled" : "subtle"}
                          size="sm"
                          aria-pressed={charted === s.key}
                          onClick={() => setCharted(charted === s.key ? null : s.key)}
                          data-testid={`sensor-chart-${s.key}`}
                        >
                          <IconChartLine size={14} />
                        </TipIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {chartedSensor && (
            <SensorHistoryChart
              key={chartedSensor.key}
              companyId={companyId}
              kind={kind}
              itemId={id}
              sensorKey={chartedSensor.key}
              label={label(chartedSensor)}
              unit={typeof chartedSensor.value === "boolean" ? "" : chartedSensor.unit}
              timezone={timezone}
              scaled={scaled}
            />
          )}
        </>
      )}
    </ItemToolModal>
  );
}
