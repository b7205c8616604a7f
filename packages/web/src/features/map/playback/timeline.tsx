import { Tooltip } from "@mantine/core";
import type { Playback } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { spanPercent } from "./playback-time.ts";

const TRIP_COLOR = "var(--mantine-color-blue-6)";
const STOP_COLOR = "var(--mantine-color-orange-5)";

/** The range as a strip: trips in blue, stops in orange; a click on one moves the cursor to its start. */
export function Timeline({
  data,
  start,
  end,
  timezone,
  onSeek,
}: {
  data: Playback;
  /** The span the strip covers (the slider's). */
  start: number;
  end: number;
  timezone: string;
  onSeek(ts: number): void;
}) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const spans = [
    ...data.trips.map((trip) => ({
      kind: "trip" as const,
      start: trip.startTs,
      end: trip.endTs,
      label: t("playback.tripLabel", {
        from: formatDateTime(trip.startTs, timezone),
        to: formatDateTime(trip.endTs, timezone),
        km: fmt.number(trip.distanceM / 1000, 1, true),
        max: Math.round(trip.maxSpd),
      }),
    })),
    ...data.stops.map((stop) => ({
      kind: "stop" as const,
      start: stop.startTs,
      end: stop.endTs ?? data.to,
      label: t(stop.idle ? "playback.idleLabel" : "playback.stopLabel", {
        from: formatDateTime(stop.startTs, timezone),
        to: stop.endTs === null ? "…" : formatDateTime(stop.endTs, timezone),
      }),
    })),
  ];
  return (
    <div
      data-testid="playback-timeline"
      style={{
        position: "relative",
        height: 8,
        marginTop: 6,
        borderRadius: 4,
        background: "var(--mantine-color-gray-2)",
      }}
    >
      {spans.map((span) => {
        const { left, width } = spanPercent(span.start, span.end, start, end);
        return (
          <Tooltip key={`${span.kind}-${span.start}`} label={span.label} withinPortal>
            <button
              type="button"
              aria-label={span.label}
              data-testid={`playback-${span.kind}`}
              onClick={() => onSeek(span.start)}
              style={{
                position: "absolute",
                left: `${left}%`,
                width: `max(${width}%, 3px)`,
                top: 0,
                bottom: 0,
                border: 0,
                padding: 0,
                borderRadius: 3,
                cursor: "pointer",
                background: span.kind === "trip" ? TRIP_COLOR : STOP_COLOR,
              }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
