import { ActionIcon, Paper, Popover, Select, Stack, Switch, Text, Tooltip } from "@mantine/core";
import { IconFlame } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { HEATMAP_LAYERS, type HeatmapLayer } from "@vigia/domain";
import type { Map as MapLibre } from "maplibre-gl";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { heatmapToolQuery } from "./api.ts";
import { drawHeatmap, resolutionForZoom } from "./heat-layer.ts";
import type { PeriodPreset } from "./period.ts";

const TOOL_PRESETS = ["today", "yesterday", "week", "month"] as const satisfies readonly PeriodPreset[];
type ToolPreset = (typeof TOOL_PRESETS)[number];

/** The live map's heat-map tool: the same server heat map as /heatmaps, drawn under the live items. */
export function HeatmapTool({ map, top = 196 }: { map: MapLibre | null; top?: number }) {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const { timezone } = useTimezone();
  const [on, setOn] = useState(false);
  const [layer, setLayer] = useState<HeatmapLayer>("positions");
  const [preset, setPreset] = useState<ToolPreset>("today");
  const [resolution, setResolution] = useState(8);
  useEffect(() => {
    if (!map) return;
    const update = () => setResolution(resolutionForZoom(map.getZoom()));
    update();
    map.on("moveend", update);
    return () => {
      map.off("moveend", update);
    };
  }, [map]);
  const query = useQuery({
    ...heatmapToolQuery(companyId, layer, preset, resolution, timezone),
    enabled: on && companyId !== null,
  });
  useEffect(() => {
    if (!map) return;
    drawHeatmap(map, on && query.data ? query.data : null);
  }, [map, on, query.data]);
  useEffect(() => () => void (map?.getStyle() && drawHeatmap(map, null)), [map]);
  return (
    <Paper shadow="md" p={4} style={{ position: "absolute", top, right: 12, zIndex: 3 }}>
      <Popover position="left-start" shadow="md" withinPortal>
        <Popover.Target>
          <Tooltip label={t("insights.heatTool")} position="left">
            <ActionIcon
              variant={on ? "filled" : "subtle"}
              color={on ? "orange" : undefined}
              size="lg"
              aria-label={t("insights.heatTool")}
              data-testid="map-heatmap-tool"
            >
              <IconFlame size={20} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown miw={230}>
          <Stack gap={8}>
            <Switch
              label={t("insights.heatTool")}
              checked={on}
              onChange={(e) => setOn(e.currentTarget.checked)}
              data-testid="map-heatmap-on"
            />
            <Select
              size="xs"
              label={t("insights.layer")}
              data={HEATMAP_LAYERS.map((l) => ({ value: l, label: t(`insights.layers.${l}`) }))}
              value={layer}
              allowDeselect={false}
              onChange={(v) => setLayer(HEATMAP_LAYERS.find((l) => l === v) ?? "positions")}
            />
            <Select
              size="xs"
              label={t("insights.period")}
              data={TOOL_PRESETS.map((p) => ({ value: p, label: t(`insights.presets.${p}`) }))}
              value={preset}
              allowDeselect={false}
              onChange={(v) => setPreset(TOOL_PRESETS.find((p) => p === v) ?? "today")}
            />
            {on && query.data ? (
              <Text size="xs" c="dimmed">
                {t("insights.heatSummary", { total: query.data.total, cells: query.data.cells.length })}
              </Text>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Paper>
  );
}
