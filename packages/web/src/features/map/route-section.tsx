import { Alert, Button, Group, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconChartLine, IconPlayerPlay, IconRoute, IconTrash } from "@tabler/icons-react";
import type { DayTrack, DrivingEvent, ItemKey, MapConfig } from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { liveKey } from "../../platform/live/store.ts";
import { ChartModal } from "./chart-modal.tsx";
import { loadedDayStore } from "./loaded-day.ts";
import type { RouteDrawing } from "./map-controller.ts";
import { playbackStore } from "./playback/store.ts";
import { dayRange, routeEvents, todayIn, trackContract } from "./route.ts";

export interface RouteSectionProps {
  kind: ItemKey;
  id: number;
  companyId: number;
  timezone: string;
  config: MapConfig;
  onRoute(route: RouteDrawing | null, events: DrivingEvent[]): void;
}

/** Day route of the selected item: date picker, route line, stops, driving events and the chart. */
export function RouteSection({ kind, id, companyId, timezone, config, onRoute }: RouteSectionProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => todayIn(timezone, Date.now()));
  const [route, setRoute] = useState<(DayTrack & { from: number; to: number; day: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [chartOpen, setChartOpen] = useState(false);

  // Another item selected: its route starts empty.
  useEffect(() => {
    setRoute(null);
    setError(null);
  }, [kind, id]);

  const events = useMemo(
    () => (route ? routeEvents(route.events, config) : { shown: [], overLimit: false }),
    [route, config],
  );
  // Flags change what is drawn without a new request.
  useEffect(() => {
    onRoute(route && { ...route, showStops: config.stops }, events.shown);
  }, [route, config.stops, onRoute, events]);
  useEffect(() => () => onRoute(null, []), [onRoute]);
  // The map tools open on the day drawn here, while it is drawn.
  useEffect(() => {
    loadedDayStore.set(route && { key: liveKey(kind, id), day: route.day });
  }, [route, kind, id]);
  useEffect(() => () => loadedDayStore.set(null), []);

  const load = async () => {
    setLoading(true);
    setError(null);
    try {
      const range = dayRange(day, timezone, Date.now());
      const result = await api.call(
        trackContract(kind),
        { params: { companyId, itemId: id }, query: range },
        { quiet: true },
      );
      setRoute({ ...result, ...range, day });
      if (result.points.length === 0) setError(t("map.route.noData"));
    } catch (e) {
      setRoute(null);
      setError(e instanceof ApiError ? apiErrorText(e, t) : String(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div style={{ padding: "8px 12px 12px" }}>
      <Group gap={6} align="flex-end" wrap="nowrap">
        {/* Mantine's picker speaks the interface language (DatesProvider), not the browser's. */}
        <DatePickerInput
          size="xs"
          label={t("map.route.day")}
          value={day || null}
          maxDate={todayIn(timezone, Date.now())}
          valueFormat="YYYY-MM-DD"
          onChange={(value) => setDay(value ?? "")}
          style={{ flex: 1 }}
          data-testid="map-route-day"
        />
        <Button
          size="xs"
          leftSection={<IconRoute size={14} />}
          onClick={() => void load()}
          loading={loading}
          disabled={!day}
          data-testid="map-route-load"
        >
          {t("map.route.show")}
        </Button>
      </Group>
      <Button
        size="xs"
        variant="light"
        mt={6}
        leftSection={<IconPlayerPlay size={14} />}
        onClick={() => {
          // Playback draws its own route: the day route gives way.
          setRoute(null);
          playbackStore.open(liveKey(kind, id));
        }}
        data-testid="map-playback-open"
      >
        {t("playback.open")}
      </Button>
      {error && (
        <Text size="sm" c="red" mt={6} data-testid="map-route-error">
          {error}
        </Text>
      )}
      {route && route.points.length > 0 && (
        <div data-testid="map-route-summary">
          <Text size="sm" mt={8}>
            {t("map.route.summary", {
              points: route.points.length,
              stops: route.stops.length,
              events: events.shown.length,
            })}
          </Text>
          {events.overLimit && (
            <Alert color="orange" variant="light" p={6} mt={6} data-testid="map-route-over-limit">
              <Text size="xs">{t("map.route.eventsOverLimit")}</Text>
            </Alert>
          )}
          {route.truncated && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("map.route.truncated")}
            </Text>
          )}
          <Group gap={6} mt={8}>
            {config.onTrackChart && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconChartLine size={14} />}
                onClick={() => setChartOpen(true)}
                data-testid="map-route-chart"
              >
                {t("map.chart.open")}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={14} />}
              onClick={() => setRoute(null)}
            >
              {t("map.route.clear")}
            </Button>
          </Group>
          <ChartModal
            opened={chartOpen}
            onClose={() => setChartOpen(false)}
            points={route.points}
            from={route.from}
            to={route.to}
            timezone={timezone}
          />
        </div>
      )}
    </div>
  );
}
