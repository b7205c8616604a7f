import { Alert, Button, Group, NumberInput, Slider, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { CORRIDOR_WIDTH_M, mapToolsApi } from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { api } from "../../../platform/api/instance.ts";
import { geozoneDraftState } from "../../places/index.ts";
import { corridorStretch, ringPolygon } from "./corridor-stretch.ts";
import { DayForm, useToolDay } from "./day-tool.tsx";
import { StretchSelects, useStretchPicks } from "./stretch-picks.tsx";
import { itemSuffix, ToolPanel } from "./tool-frame.tsx";
import { drawTool, fitTool, lineOf, merged } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";

/**
 * Track to geozone: a stretch of the selected item's route on a day becomes a corridor of a chosen
 * width around it (built by the server, simplified with the tolerance), previewed on the map and opened in the
 * geozone editor, where it is named, checked and saved.
 */
export function TrackToGeozoneModal(props: MapToolProps) {
  const { companyId, catalog, selected, timezone, getMap, onClose } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tool = useToolDay(props);
  const [width, setWidth] = useState<number>(CORRIDOR_WIDTH_M.default);
  const [tolerance, setTolerance] = useState(10);
  const points = tool.playback.data?.points ?? [];
  const picks = useStretchPicks(points, timezone, { day: tool.day, item: selected });
  const { from, to } = picks;
  const stretch = useMemo(
    () => corridorStretch(points, from === null ? null : Number(from), to === null ? null : Number(to)),
    [points, from, to],
  );
  const corridor = useMutation({
    mutationFn: () =>
      api.call(
        mapToolsApi.corridor,
        { params: { companyId }, body: { line: stretch ?? [], widthM: width, toleranceM: tolerance } },
        { quiet: true },
      ),
  });
  const ring = corridor.data?.points ?? null;
  // A new stretch, width or tolerance makes the built corridor stale.
  const { reset } = corridor;
  useEffect(() => reset(), [reset, stretch, width, tolerance]);
  useEffect(() => {
    if (!stretch) {
      drawTool(getMap(), null);
      return;
    }
    const line = lineOf(stretch.map((p) => [p.lng, p.lat]));
    const polygon = ring
      ? [
          {
            type: "Feature" as const,
            properties: {},
            geometry: { type: "Polygon" as const, coordinates: ringPolygon(ring) },
          },
        ]
      : [];
    drawTool(getMap(), merged(line, { type: "FeatureCollection", features: polygon }));
  }, [stretch, ring, getMap]);
  // The built corridor is brought into view above the panel.
  useEffect(() => {
    if (!ring) return;
    fitTool(
      getMap(),
      ring.map((p) => [p.lng, p.lat]),
      { padding: { top: 60, left: 60, right: 60, bottom: 420 }, maxZoom: 17 },
    );
  }, [ring, getMap]);
  useEffect(() => () => drawTool(getMap(), null), [getMap]);

  const open = () => {
    if (!ring) return;
    const item = selected ? catalog.items.get(selected) : undefined;
    const name = `${item?.name ?? t("maptools.corridor.title")} ${tool.day}`.slice(0, 100);
    onClose();
    navigate("/geozones", { state: geozoneDraftState(name, ring) });
  };

  return (
    // A panel over the map rather than a modal: the route and the corridor stay in sight above it.
    <ToolPanel
      title={`${t("maptools.corridor.title")}${itemSuffix(props)}`}
      width={460}
      onClose={onClose}
      testId="corridor-panel"
    >
      <DayForm
        tool={tool}
        testId="corridor-day"
        emptyText={points.length < 2 ? t("maptools.span.none") : null}
      >
        {points.length >= 2 && (
          <>
            <Text size="xs" c="dimmed">
              {t("maptools.corridor.stretchHelp")}
            </Text>
            <StretchSelects
              picks={picks}
              clearable
              placeholders={{ from: t("maptools.corridor.start"), to: t("maptools.corridor.end") }}
            />
            <NumberInput
              label={t("maptools.corridor.width")}
              description={t("maptools.corridor.widthHelp")}
              value={width}
              min={CORRIDOR_WIDTH_M.min}
              max={CORRIDOR_WIDTH_M.max}
              step={10}
              suffix=" m"
              onChange={(v) => setWidth(typeof v === "number" ? v : Number(v) || CORRIDOR_WIDTH_M.default)}
              data-testid="corridor-width"
            />
            <div>
              <Text size="sm" fw={500}>
                {t("maptools.corridor.tolerance")}
              </Text>
              <Slider
                value={tolerance}
                onChange={setTolerance}
                min={0}
                max={100}
                step={5}
                label={(v) => `${v} m`}
              />
            </div>
          </>
        )}
        {corridor.error && (
          <Alert color="red">
            {corridor.error instanceof ApiError ? apiErrorText(corridor.error, t) : String(corridor.error)}
          </Alert>
        )}
        {ring && corridor.data && (
          <Text size="sm" data-testid="corridor-result">
            {t("maptools.corridor.result", { before: corridor.data.bufferVertices, after: ring.length })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="light"
            onClick={() => corridor.mutate()}
            loading={corridor.isPending}
            disabled={!stretch || width < CORRIDOR_WIDTH_M.min || width > CORRIDOR_WIDTH_M.max}
            data-testid="corridor-build"
          >
            {t("maptools.corridor.build")}
          </Button>
          <Button onClick={open} disabled={!ring} data-testid="corridor-open">
            {t("maptools.corridor.open")}
          </Button>
        </Group>
      </DayForm>
    </ToolPanel>
  );
}
