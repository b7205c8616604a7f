import { ActionIcon, Button, Group, Paper, Select, Slider, Text, Tooltip } from "@mantine/core";
import { IconCalendar, IconPlayerPauseFilled, IconPlayerPlayFilled, IconX } from "@tabler/icons-react";
import type { PlaybackPoint } from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, fromZonedInput, toZonedInput } from "../../../kit/format/date.ts";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { LocalDateTimeInput } from "../../../kit/pickers/range-picker.tsx";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { api } from "../../../platform/api/instance.ts";
import { parseKey } from "../../../platform/live/store.ts";
import type { RouteDrawing } from "../map-controller.ts";
import { playbackContract } from "./calls.ts";
import { advanceCursor, checkRange, cursorPoint, defaultRange, PLAYBACK_SPEEDS } from "./playback-time.ts";
import { playbackStore, usePlayback } from "./store.ts";
import { Timeline } from "./timeline.tsx";

export interface PlaybackBarProps {
  companyId: number;
  timezone: string;
  /** Room the side panels take, so the bar sits over the visible map (0 on narrow screens). */
  left: number;
  right: number;
  /** Distance from the map's bottom edge: above the item's bottom sheet on a phone. */
  bottom?: number | string;
  onDraw(route: RouteDrawing | null): void;
  onCursor(point: PlaybackPoint | null): void;
}

const inputValue = (ts: number, tz: string) => {
  try {
    return toZonedInput(ts, tz);
  } catch {
    return "";
  }
};
const readInput = (value: string, tz: string) => {
  if (!value) return Number.NaN;
  try {
    return fromZonedInput(value, tz);
  } catch {
    return Number.NaN;
  }
};

/** History playback of the selected item over a range: play/pause, slider, speed, trips and stops. */
/** The range's two ends, as the inputs edit them. */
const ENDS = ["from", "to"] as const;

export function PlaybackBar({
  companyId,
  timezone,
  left,
  right,
  bottom = 12,
  onDraw,
  onCursor,
}: PlaybackBarProps) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const state = usePlayback();
  const [range, setRange] = useState(() => {
    const r = defaultRange(Date.now(), timezone);
    return { from: inputValue(r.from, timezone), to: inputValue(r.to, timezone) };
  });
  const [loading, setLoading] = useState(false);
  // Once a range is loaded its inputs fold into one line, leaving the map room (phones above all).
  const [editing, setEditing] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const data = state?.data ?? null;
  const playing = state?.playing ?? false;

  // The route of the range on the map, and nothing once the bar goes.
  useEffect(() => {
    onDraw(data && { points: data.points, stops: data.stops, events: data.events, showStops: true });
  }, [data, onDraw]);
  useEffect(
    () => () => {
      onDraw(null);
      onCursor(null);
    },
    [onDraw, onCursor],
  );
  const cursor = state?.cursor ?? 0;
  useEffect(() => {
    onCursor(data ? cursorPoint(data.points, cursor) : null);
  }, [data, cursor, onCursor]);

  // The slider spans the stored points, not the whole range asked (a range of days may hold a few hours).
  const start = data?.points[0]?.ts ?? data?.from ?? 0;
  const end = Math.max(data?.points.at(-1)?.ts ?? data?.to ?? 0, start + 1000);

  // While playing, each animation frame moves the cursor by the frame's real time at the chosen speed.
  useEffect(() => {
    if (!playing || !data) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const current = playbackStore.get();
      if (!current?.playing) return;
      const next = advanceCursor(current.cursor, now - last, current.speed, end);
      last = now;
      playbackStore.update({ cursor: next.cursor, playing: !next.ended });
      if (!next.ended) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, data, end]);

  if (!state) return null;
  const { kind, id } = parseKey(state.key);

  const load = async () => {
    const from = readInput(range.from, timezone);
    const to = Math.min(readInput(range.to, timezone), Date.now());
    const check = checkRange(from, to);
    if (check !== "ok") {
      setError(t(check === "tooLong" ? "playback.tooLong" : "playback.invalid"));
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const result = await api.call(
        playbackContract(kind),
        { params: { companyId, itemId: id }, query: { from, to } },
        { quiet: true },
      );
      playbackStore.update({ data: result, cursor: result.points[0]?.ts ?? from, playing: false });
      if (result.points.length === 0) setError(t("playback.noData"));
      else setEditing(false);
    } catch (e) {
      playbackStore.update({ data: null, playing: false });
      setError(e instanceof ApiError ? apiErrorText(e, t) : String(e));
    } finally {
      setLoading(false);
    }
  };

  const togglePlay = () => {
    if (!data) return;
    // Playing from the end starts again from the first point.
    const atEnd = cursor >= data.to || cursor >= (data.points.at(-1)?.ts ?? data.to);
    playbackStore.update({
      playing: !playing,
      ...(atEnd && !playing ? { cursor: data.points[0]?.ts ?? data.from } : {}),
    });
  };
  const km = data ? data.trips.reduce((sum, trip) => sum + trip.distanceM, 0) / 1000 : 0;

  const close = (
    <ActionIcon
      variant="subtle"
      color="gray"
      onClick={() => playbackStore.close()}
      aria-label={t("playback.close")}
      data-testid="playback-close"
    >
      <IconX size={18} />
    </ActionIcon>
  );

  return (
    <Paper
      shadow="md"
      p="xs"
      data-testid="playback-bar"
      data-cursor={data ? Math.round(cursor) : ""}
      style={{ position: "absolute", left, right, bottom, zIndex: 3 }}
    >
      {!editing && data && (
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed" truncate data-testid="playback-range">
            {formatDateTime(data.from, timezone)} → {formatDateTime(data.to, timezone)}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setEditing(true)}
              aria-label={t("playback.changeRange")}
              data-testid="playback-edit"
            >
              <IconCalendar size={16} />
            </ActionIcon>
            {close}
          </Group>
        </Group>
      )}
      {editing && (
        <Group gap={6} align="flex-end" wrap="wrap">
          {ENDS.map((end) => (
            <LocalDateTimeInput
              key={end}
              size="xs"
              label={t(`playback.${end}`)}
              value={range[end]}
              onChange={(value) => setRange({ ...range, [end]: value })}
              data-testid={`playback-${end}`}
              style={{ flex: "1 1 150px" }}
            />
          ))}
          <Button size="xs" onClick={() => void load()} loading={loading} data-testid="playback-load">
            {t("playback.load")}
          </Button>
          {close}
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" mt={6} data-testid="playback-error">
          {error}
        </Text>
      )}
      {data && data.points.length > 0 && (
        <>
          <Group gap={8} mt={8} wrap="nowrap" align="center">
            <ActionIcon
              size="lg"
              radius="xl"
              onClick={togglePlay}
              aria-label={t(playing ? "playback.pause" : "playback.play")}
              data-testid="playback-play"
              data-playing={playing ? "1" : "0"}
            >
              {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
            </ActionIcon>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Slider
                min={start}
                max={end}
                step={1000}
                value={Math.min(Math.max(cursor, start), end)}
                onChange={(value) => playbackStore.update({ cursor: value })}
                label={(value) => formatDateTime(value, timezone, true)}
                aria-label={t("playback.cursor")}
                size="sm"
                data-testid="playback-slider"
              />
              <Timeline
                data={data}
                start={start}
                end={end}
                timezone={timezone}
                onSeek={(ts) => playbackStore.update({ cursor: ts })}
              />
            </div>
            <Tooltip label={t("playback.speedHint")}>
              <Select
                size="xs"
                w={76}
                value={String(state.speed)}
                data={PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
                onChange={(value) => value && playbackStore.update({ speed: Number(value) })}
                allowDeselect={false}
                aria-label={t("playback.speed")}
                data-testid="playback-speed"
              />
            </Tooltip>
          </Group>
          <Group justify="space-between" mt={4} gap={6}>
            <Text size="xs" fw={600} data-testid="playback-time">
              {formatDateTime(cursor, timezone, true)}
            </Text>
            <Text size="xs" c="dimmed" data-testid="playback-summary">
              {t("playback.summary", {
                trips: data.trips.length,
                km: fmt.number(km, 1, true),
                stops: data.stops.length,
              })}
              {data.truncated ? ` · ${t("playback.truncated")}` : ""}
            </Text>
          </Group>
        </>
      )}
    </Paper>
  );
}
