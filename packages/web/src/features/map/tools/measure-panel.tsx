import { Button, Group, Stack, Switch, Text } from "@mantine/core";
import type { MapMouseEvent } from "maplibre-gl";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { claimMapClicks } from "../../../kit/map/click-claim.ts";
import { ringAreaM2, segmentLengths } from "./measure.ts";
import { ToolPanel } from "./tool-frame.tsx";
import { drawTool, merged, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";

type LngLat = [number, number];

/**
 * Measure distances: each click or tap on the map adds a point; the panel (not a modal, so the map
 * stays usable) shows each segment, the total and, for a closed shape, the area.
 */
export function MeasurePanel({ getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [points, setPoints] = useState<LngLat[]>([]);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    const map = getMap();
    if (!map) return;
    const add = (e: MapMouseEvent) => setPoints((p) => [...p, [e.lngLat.lng, e.lngLat.lat]]);
    // A click on an item's marker is a point to measure to, never a new selection.
    const release = claimMapClicks(map);
    map.on("click", add);
    map.getCanvas().style.cursor = "crosshair";
    return () => {
      release();
      map.off("click", add);
      map.getCanvas().style.cursor = "";
      drawTool(map, null);
    };
  }, [getMap]);

  const ring = closed && points.length >= 3;
  useEffect(() => {
    const line: LngLat[] = ring ? [...points, points[0] as LngLat] : points;
    drawTool(
      getMap(),
      merged(
        pointsOf(points),
        ring
          ? {
              type: "FeatureCollection",
              features: [
                { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [line] } },
              ],
            }
          : {
              type: "FeatureCollection",
              features:
                line.length > 1
                  ? [{ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: line } }]
                  : [],
            },
      ),
    );
  }, [points, ring, getMap]);

  const { segments, total } = segmentLengths(ring ? [...points, points[0] as LngLat] : points);

  return (
    <ToolPanel title={t("maptools.measure.title")} width={320} onClose={onClose} testId="measure-panel">
      <Stack gap={6}>
        {points.length === 0 && (
          <Text size="xs" c="dimmed">
            {t("maptools.measure.help")}
          </Text>
        )}
        {segments.map((m, i) => (
          <Text key={`${i}-${m}`} size="xs">
            {t("maptools.measure.segment", { n: i + 1 })}: {fmt.distance(m)}
          </Text>
        ))}
        {points.length > 1 && (
          <Text size="sm" fw={600} data-testid="measure-total">
            {t("maptools.measure.total")}: {fmt.distance(total)}
          </Text>
        )}
        {ring && (
          <Text size="sm" fw={600} data-testid="measure-area">
            {t("maptools.measure.area")}: {fmt.area(ringAreaM2(points))}
          </Text>
        )}
        <Switch
          size="xs"
          label={t("maptools.measure.close")}
          checked={closed}
          onChange={(e) => setClosed(e.currentTarget.checked)}
        />
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="light"
            disabled={points.length === 0}
            onClick={() => setPoints((p) => p.slice(0, -1))}
            data-testid="measure-undo"
          >
            {t("maptools.measure.undo")}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={points.length === 0}
            onClick={() => setPoints([])}
          >
            {t("maptools.measure.clear")}
          </Button>
        </Group>
      </Stack>
    </ToolPanel>
  );
}
