import { Alert, Group, Loader, Modal, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { todayIn } from "../route.ts";
import { coordsText } from "./address-key.ts";
import { formatDuration } from "./measure-format.ts";
import { routeSpan } from "./route-span.ts";
import { startDay } from "./start-day.ts";
import { drawTool, lineOf, merged, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";
import { useAddresses } from "./use-addresses.ts";
import { useDayPlayback } from "./use-day-playback.ts";

/** Distance travelled along the day's route and time between two of its points. */
export function RouteSpanModal({ companyId, catalog, selected, timezone, getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [day, setDay] = useState(() => startDay(selected, timezone));
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const playback = useDayPlayback(companyId, selected, day, timezone);
  const points = playback.data?.points ?? [];
  const item = selected ? catalog.items.get(selected) : undefined;
  // A new day or item: the picks refer to another route.
  useEffect(() => {
    setFrom(null);
    setTo(null);
  }, [day, selected]);
  const options = useMemo(
    () =>
      points.map((p, i) => ({
        value: String(i),
        label: `${formatDateTime(p.ts, timezone)} · ${Math.trunc(p.spd)} km/h`,
      })),
    [points, timezone],
  );
  const a = from === null ? -1 : Number(from);
  const b = to === null ? -1 : Number(to);
  const span = routeSpan(points, a, b);
  const ends = useMemo(
    () => (routeSpan(points, a, b) ? [points[a], points[b]].filter((p) => p !== undefined) : []),
    [points, a, b],
  );
  const addressOf = useAddresses(companyId, ends);
  useEffect(() => {
    if (!span) {
      drawTool(getMap(), null);
      return;
    }
    const part = points
      .slice(Math.min(a, b), Math.max(a, b) + 1)
      .map((p) => [p.lng, p.lat] as [number, number]);
    drawTool(
      getMap(),
      merged(lineOf(part), pointsOf([part[0], part[part.length - 1]].filter((p) => p !== undefined))),
    );
  }, [span, points, a, b, getMap]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t("maptools.span.title")}${item ? ` · ${item.name}` : ""}`}
      size="lg"
    >
      <Stack gap="sm">
        <DatePickerInput
          label={t("map.route.day")}
          value={day || null}
          maxDate={todayIn(timezone, Date.now())}
          valueFormat="YYYY-MM-DD"
          data-testid="span-day"
          onChange={(value) => setDay(value ?? "")}
        />
        {playback.isFetching && <Loader size="sm" />}
        {playback.data && points.length < 2 && <Alert color="gray">{t("maptools.span.none")}</Alert>}
        {points.length >= 2 && (
          <Group grow>
            <Select
              label={t("maptools.span.from")}
              data={options}
              value={from}
              onChange={setFrom}
              searchable
              limit={200}
              data-testid="span-from"
            />
            <Select
              label={t("maptools.span.to")}
              data={options}
              value={to}
              onChange={setTo}
              searchable
              limit={200}
              data-testid="span-to"
            />
          </Group>
        )}
        {span && (
          <div data-testid="span-result">
            <SimpleGrid cols={3}>
              <div>
                <Text size="xs" c="dimmed">
                  {t("maptools.span.distance")}
                </Text>
                <Text fw={600}>{fmt.distance(span.distanceM)}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t("maptools.span.time")}
                </Text>
                <Text fw={600}>{formatDuration(Math.abs(span.durationMs) / 1000)}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t("maptools.span.fixes")}
                </Text>
                <Text fw={600}>{span.fixes}</Text>
              </div>
            </SimpleGrid>
            {ends.map((p, i) => (
              <Text key={`${i}-${p.ts}`} size="xs" mt={4}>
                {i === 0 ? t("maptools.span.from") : t("maptools.span.to")}:{" "}
                {addressOf(p.lat, p.lng) ?? coordsText(p.lat, p.lng)}
              </Text>
            ))}
          </div>
        )}
      </Stack>
    </Modal>
  );
}
