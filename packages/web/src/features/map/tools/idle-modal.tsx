import { Alert, Group, Loader, Modal, NumberInput, Stack, Table, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { ALARM_FAMILY, ALARM_FAMILY_DEFAULTS } from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { todayIn } from "../route.ts";
import { coordsText } from "./address-key.ts";
import { idlePeriods } from "./day-use.ts";
import { formatDuration } from "./measure-format.ts";
import { startDay } from "./start-day.ts";
import { drawTool, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";
import { useAddresses } from "./use-addresses.ts";
import { useDayPlayback } from "./use-day-playback.ts";

const DEFAULT_MIN = (ALARM_FAMILY_DEFAULTS[ALARM_FAMILY.idle] ?? 300_000) / 60_000;

/** Idle: the day's idle periods over a threshold (default 5 min), in a table and on the map. */
export function IdleModal({ companyId, catalog, selected, timezone, getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => startDay(selected, timezone));
  const [minutes, setMinutes] = useState<number>(DEFAULT_MIN);
  const playback = useDayPlayback(companyId, selected, day, timezone);
  const data = playback.data;
  const periods = useMemo(
    () => (data ? idlePeriods(data.stops, data.to, minutes * 60_000) : []),
    [data, minutes],
  );
  const item = selected ? catalog.items.get(selected) : undefined;
  const addressOf = useAddresses(companyId, periods);
  const placeText = (lat: number, lng: number) => addressOf(lat, lng) ?? coordsText(lat, lng);
  useEffect(() => {
    drawTool(getMap(), periods.length > 0 ? pointsOf(periods.map((p) => [p.lng, p.lat])) : null);
  }, [periods, getMap]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t("maptools.idle.title")}${item ? ` · ${item.name}` : ""}`}
      size="lg"
    >
      <Stack gap="sm">
        <Group grow align="flex-end">
          <DatePickerInput
            label={t("map.route.day")}
            value={day || null}
            maxDate={todayIn(timezone, Date.now())}
            valueFormat="YYYY-MM-DD"
            data-testid="idle-day"
            onChange={(value) => setDay(value ?? "")}
          />
          <NumberInput
            label={t("maptools.idle.threshold")}
            min={1}
            max={1440}
            value={minutes}
            onChange={(v) => setMinutes(typeof v === "number" && v >= 1 ? v : DEFAULT_MIN)}
            data-testid="idle-threshold"
          />
        </Group>
        {playback.isFetching && <Loader size="sm" />}
        {data && periods.length === 0 && <Alert color="gray">{t("maptools.idle.none")}</Alert>}
        {periods.length > 0 && (
          <Table striped highlightOnHover data-testid="idle-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("maptools.idle.start")}</Table.Th>
                <Table.Th>{t("maptools.idle.end")}</Table.Th>
                <Table.Th>{t("maptools.idle.duration")}</Table.Th>
                <Table.Th>{t("maptools.idle.place")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {periods.map((p) => (
                <Table.Tr
                  key={p.startTs}
                  style={{ cursor: "pointer" }}
                  tabIndex={0}
                  onClick={() => getMap()?.easeTo({ center: [p.lng, p.lat], zoom: 16, duration: 0 })}
                  onKeyDown={(e) => {
                    if (e.key === "Enter")
                      getMap()?.easeTo({ center: [p.lng, p.lat], zoom: 16, duration: 0 });
                  }}
                >
                  <Table.Td>{formatDateTime(p.startTs, timezone)}</Table.Td>
                  <Table.Td>
                    {p.endTs === null ? t("maptools.idle.ongoing") : formatDateTime(p.endTs, timezone)}
                  </Table.Td>
                  <Table.Td>{formatDuration(p.durationMs / 1000)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{placeText(p.lat, p.lng)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
