import { Flex, Group, SimpleGrid, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { dayRange } from "../route.ts";
import { DayToolModal, useToolDay } from "./day-tool.tsx";
import { dayUseSpans, type UseKind, type UseSpan, useTotals } from "./day-use.ts";
import { formatDuration } from "./measure-format.ts";
import { drawTool, fitTool, lineOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";

export const USE_COLORS: Record<UseKind, string> = {
  driving: "#2f9e44",
  idle: "#f59f00",
  stopped: "#1c7ed6",
  offline: "#adb5bd",
};
const KINDS: UseKind[] = ["driving", "idle", "stopped", "offline"];

/** Day use: a 24-hour timeline of the selected item's day with totals; a span shows on the map. */
export function DayUseModal(props: MapToolProps) {
  const { timezone, getMap } = props;
  const { t } = useTranslation();
  const tool = useToolDay(props);
  const { day } = tool;
  const [picked, setPicked] = useState<UseSpan | null>(null);
  const data = tool.playback.data;
  const spans = useMemo(() => (data ? dayUseSpans(data.points, data.stops, data.from, data.to) : []), [data]);
  const totals = useTotals(spans);
  // The bar is the whole calendar day; today's part after now stays empty.
  const length = data ? dayRange(day, timezone, Number.POSITIVE_INFINITY).to + 1 - data.from : 1;

  const show = (span: UseSpan) => {
    setPicked(span);
    const coords: [number, number][] = (data?.points ?? [])
      .filter((p) => p.ts >= span.start && p.ts <= span.end)
      .map((p) => [p.lng, p.lat]);
    drawTool(getMap(), coords.length > 0 ? lineOf(coords) : null);
    fitTool(getMap(), coords);
  };

  return (
    <DayToolModal
      title={t("maptools.dayUse.title")}
      size="xl"
      tool={tool}
      testId="dayuse-day"
      emptyText={data && data.points.length === 0 ? t("map.route.noData") : null}
    >
      {data && (
        <>
          <Flex
            h={28}
            bg="gray.1"
            style={{ borderRadius: 4, overflow: "hidden" }}
            data-testid="dayuse-timeline"
          >
            {spans.map((span) => (
              <Tooltip
                key={span.start}
                label={`${t(`maptools.dayUse.kinds.${span.kind}`)} · ${formatDateTime(span.start, timezone)} – ${formatDateTime(span.end, timezone)}`}
              >
                <UnstyledButton
                  aria-label={`${t(`maptools.dayUse.kinds.${span.kind}`)} ${formatDuration((span.end - span.start) / 1000)}`}
                  onClick={() => show(span)}
                  data-kind={span.kind}
                  style={{
                    width: `${((span.end - span.start) / length) * 100}%`,
                    background: USE_COLORS[span.kind],
                    outline: picked === span ? "2px solid #212529" : undefined,
                    outlineOffset: -2,
                  }}
                />
              </Tooltip>
            ))}
          </Flex>
          <Group justify="space-between">
            {[0, 6, 12, 18, 24].map((h) => (
              <Text key={h} size="xs" c="dimmed">{`${String(h).padStart(2, "0")}:00`}</Text>
            ))}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="dayuse-totals">
            {KINDS.map((kind) => (
              <Group key={kind} gap={6} wrap="nowrap">
                <span style={{ width: 12, height: 12, borderRadius: 2, background: USE_COLORS[kind] }} />
                <Text size="sm">
                  {t(`maptools.dayUse.kinds.${kind}`)}: <b>{formatDuration(totals[kind] / 1000)}</b>
                </Text>
              </Group>
            ))}
          </SimpleGrid>
          {picked && (
            <Text size="sm" data-testid="dayuse-picked">
              {t(`maptools.dayUse.kinds.${picked.kind}`)}: {formatDateTime(picked.start, timezone)} –{" "}
              {formatDateTime(picked.end, timezone)} ({formatDuration((picked.end - picked.start) / 1000)})
            </Text>
          )}
        </>
      )}
    </DayToolModal>
  );
}
