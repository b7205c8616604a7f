import { Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { HEATMAP_LAYERS, type HeatmapLayer } from "@vigia/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { heatmapQuery } from "./api.ts";
import { drawHeatmap, heatBounds } from "./heat-layer.ts";
import { presetRange } from "./period.ts";
import { PeriodBar, type PeriodChoice } from "./period-bar.tsx";
import { useInsightMap } from "./use-insight-map.ts";

/** Resolution of the /heatmaps screen's hexagons: a few hundred metres, fine for a city, small for a month. */
const RESOLUTION = 8;

/** /heatmaps: where the fleet was (positions), stopped, drove harshly or raised alarms, over a period. */
export function HeatmapsPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const { timezone } = useTimezone();
  const container = useRef<HTMLDivElement>(null);
  const map = useInsightMap(container);
  const [layer, setLayer] = useState<HeatmapLayer>("positions");
  const [period, setPeriod] = useState<PeriodChoice>(() => ({
    ...presetRange("week", Date.now(), timezone),
    groupIds: [],
  }));
  const query = useQuery(heatmapQuery(companyId, layer, period, RESOLUTION));

  useEffect(() => {
    if (!map || !query.data) return;
    drawHeatmap(map, query.data);
    const bounds = heatBounds(query.data);
    if (bounds) map.fitBounds(bounds, { padding: 60, maxZoom: 14, duration: 0 });
  }, [map, query.data]);

  return (
    <Stack p="md" gap="sm" h="100%">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>{t("routes.heatmaps")}</Title>
        <PeriodBar value={period} onChange={setPeriod}>
          <SegmentedControl
            data={HEATMAP_LAYERS.map((l) => ({ value: l, label: t(`insights.layers.${l}`) }))}
            value={layer}
            onChange={(v) => setLayer(HEATMAP_LAYERS.find((l) => l === v) ?? "positions")}
            data-testid="heatmap-layer"
          />
        </PeriodBar>
      </Group>
      <Paper withBorder style={{ position: "relative", height: "calc(100vh - 190px)", minHeight: 360 }}>
        <div ref={container} style={{ position: "absolute", inset: 0 }} data-testid="heatmap-map" />
        <Paper shadow="sm" p={6} style={{ position: "absolute", top: 8, left: 8, zIndex: 2 }}>
          <Text size="sm" data-testid="heatmap-summary">
            {query.data
              ? t("insights.heatSummary", { total: query.data.total, cells: query.data.cells.length })
              : t("insights.loading")}
          </Text>
        </Paper>
      </Paper>
    </Stack>
  );
}
