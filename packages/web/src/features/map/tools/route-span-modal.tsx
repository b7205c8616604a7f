import { SimpleGrid, Text } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { coordsText } from "./address-key.ts";
import { DayToolModal, useToolDay } from "./day-tool.tsx";
import { formatDuration } from "./measure-format.ts";
import { routeSpan } from "./route-span.ts";
import { StretchSelects, useStretchPicks } from "./stretch-picks.tsx";
import { drawTool, lineOf, merged, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";
import { useAddresses } from "./use-addresses.ts";

/** Distance travelled along the day's route and time between two of its points. */
export function RouteSpanModal(props: MapToolProps) {
  const { companyId, selected, timezone, getMap } = props;
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const tool = useToolDay(props);
  const points = tool.playback.data?.points ?? [];
  const picks = useStretchPicks(points, timezone, { day: tool.day, item: selected });
  const a = picks.from === null ? -1 : Number(picks.from);
  const b = picks.to === null ? -1 : Number(picks.to);
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
  const figures = span
    ? [
        { label: t("maptools.span.distance"), value: fmt.distance(span.distanceM) },
        { label: t("maptools.span.time"), value: formatDuration(Math.abs(span.durationMs) / 1000) },
        { label: t("maptools.span.fixes"), value: String(span.fixes) },
      ]
    : [];

  return (
    <DayToolModal
      title={t("maptools.span.title")}
      tool={tool}
      testId="span-day"
      emptyText={points.length < 2 ? t("maptools.span.none") : null}
    >
      {points.length >= 2 && <StretchSelects picks={picks} testId="span" />}
      {span && (
        <div data-testid="span-result">
          <SimpleGrid cols={3}>
            {figures.map((f) => (
              <div key={f.label}>
                <Text size="xs" c="dimmed">
                  {f.label}
                </Text>
                <Text fw={600}>{f.value}</Text>
              </div>
            ))}
          </SimpleGrid>
          {ends.map((p, i) => (
            <Text key={`${i}-${p.ts}`} size="xs" mt={4}>
              {i === 0 ? t("maptools.span.from") : t("maptools.span.to")}:{" "}
              {addressOf(p.lat, p.lng) ?? coordsText(p.lat, p.lng)}
            </Text>
          ))}
        </div>
      )}
    </DayToolModal>
  );
}
