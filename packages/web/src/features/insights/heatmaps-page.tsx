import { Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { HEATMAP_LAYERS, type HeatmapLayer, MAP_DEFAULTS } from "@vigia/domain";
import { Map as MapLibre, NavigationControl, setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { baseStyle } from "../../kit/map/map-style.ts";
import { useCompanyBaseMap } from "../../kit/map/use-base-map.ts";
import { useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { heatmapQuery } from "./api.ts";
import { drawHeatmap, heatBounds } from "./heat-layer.ts";
import { presetRange } from "./period.ts";
import { PeriodBar, type PeriodChoice } from "./period-bar.tsx";

setWorkerUrl(maplibreWorkerUrl);

/** Resolution of the /heatmaps screen's hexagons: a few hundred metres, fine for a city, small for a month. */
const RESOLUTION = 8;

/** /heatmaps: where the fleet was (positions), stopped, drove harshly or raised alarms, over a period. */
export function HeatmapsPage() {
  const { t } = useTranslation();
  const { companyId, info } = useCompany();
  const { timezone } = useTimezone();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibre | null>(null);
  useCompanyBaseMap(map);
  const [layer, setLayer] = useState<HeatmapLayer>("positions");
  const [period, setPeriod] = useState<PeriodChoice>(() => ({
    ...presetRange("week", Date.now(), timezone),
    groupIds: [],
  }));
  const centre = info?.centroId?.pos ?? null;
  const query = useQuery(heatmapQuery(companyId, layer, period, RESOLUTION));

  useEffect(() => {
    if (!container.current) return;
    let m: MapLibre;
    try {
      m = new MapLibre({
        container: container.current,
        style: baseStyle(),
        center: centre
          ? [centre.lng, centre.lat]
          : [MAP_DEFAULTS.defaultCenter.lng, MAP_DEFAULTS.defaultCenter.lat],
        zoom: centre ? MAP_DEFAULTS.companyZoom : MAP_DEFAULTS.defaultZoom,
        minZoom: MAP_DEFAULTS.minZoom,
        maxZoom: MAP_DEFAULTS.maxZoom,
        fadeDuration: 0,
      });
    } catch (error) {
      console.warn("map unavailable:", error);
      return;
    }
    m.addControl(new NavigationControl({ showCompass: false }), "bottom-right");
    m.on("load", () => setMap(m));
    return () => {
      setMap(null);
      m.remove();
    };
  }, []);

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
