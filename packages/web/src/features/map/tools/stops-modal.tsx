import { Alert, Badge, Loader, Modal, Stack, Table, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { todayIn } from "../route.ts";
import { coordsText } from "./address-key.ts";
import { formatDuration } from "./measure-format.ts";
import { startDay } from "./start-day.ts";
import { drawTool, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";
import { useAddresses } from "./use-addresses.ts";
import { useDayPlayback } from "./use-day-playback.ts";

/** Stops of the day with their readable addresses (offline geocoder, asked once per place and cached). */
export function StopsModal({ companyId, catalog, selected, timezone, getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => startDay(selected, timezone));
  const playback = useDayPlayback(companyId, selected, day, timezone);
  const data = playback.data;
  const stops = data?.stops ?? [];
  const addressOf = useAddresses(companyId, stops);
  const item = selected ? catalog.items.get(selected) : undefined;
  useEffect(() => {
    drawTool(getMap(), stops.length > 0 ? pointsOf(stops.map((s) => [s.lng, s.lat])) : null);
  }, [stops, getMap]);
  const focus = (lat: number, lng: number) => getMap()?.easeTo({ center: [lng, lat], zoom: 16, duration: 0 });

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t("maptools.stops.title")}${item ? ` · ${item.name}` : ""}`}
      size="lg"
    >
      <Stack gap="sm">
        <DatePickerInput
          label={t("map.route.day")}
          value={day || null}
          maxDate={todayIn(timezone, Date.now())}
          valueFormat="YYYY-MM-DD"
          data-testid="stops-day"
          onChange={(value) => setDay(value ?? "")}
        />
        {playback.isFetching && <Loader size="sm" />}
        {data && stops.length === 0 && <Alert color="gray">{t("maptools.stops.none")}</Alert>}
        {stops.length > 0 && (
          <Table striped highlightOnHover data-testid="stops-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("maptools.idle.start")}</Table.Th>
                <Table.Th>{t("maptools.idle.duration")}</Table.Th>
                <Table.Th>{t("maptools.stops.address")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stops.map((s) => (
                <Table.Tr
                  key={s.startTs}
                  style={{ cursor: "pointer" }}
                  tabIndex={0}
                  onClick={() => focus(s.lat, s.lng)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") focus(s.lat, s.lng);
                  }}
                >
                  <Table.Td>{formatDateTime(s.startTs, timezone)}</Table.Td>
                  <Table.Td>
                    {s.endTs === null
                      ? t("maptools.idle.ongoing")
                      : formatDuration((s.endTs - s.startTs) / 1000)}{" "}
                    {s.idle && (
                      <Badge size="xs" color="orange" variant="light">
                        {t("maptools.stops.idle")}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{addressOf(s.lat, s.lng) ?? coordsText(s.lat, s.lng)}</Text>
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
