import { Alert, Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type NearestCandidate, routingApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNumberFormat } from "../../../kit/format/number.ts";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { api } from "../../../platform/api/instance.ts";
import { liveKey } from "../../../platform/live/store.ts";
import { formatDuration, parseLatLng } from "./measure-format.ts";
import { PointInput } from "./point-input.tsx";
import { drawTool, fitTool, lineOf, merged, pointsOf } from "./tool-layer.ts";
import type { MapToolProps } from "./types.ts";

/**
 * Route to a point: a point typed as "lat, lng" (or the map's centre), the nearest vehicles ranked
 * by driving time (or straight line, said so), and the chosen vehicle's route drawn on the map.
 */
export function RouteToPointModal({ companyId, catalog, getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const [text, setText] = useState(() => {
    const c = getMap()?.getCenter();
    return c ? `${c.lat.toFixed(5)}, ${c.lng.toFixed(5)}` : "";
  });
  const point = parseLatLng(text);
  const nearest = useMutation({
    mutationFn: (p: { lat: number; lng: number }) =>
      api.call(
        routingApi.nearest,
        { params: { companyId }, query: { lat: p.lat, lng: p.lng, limit: 10 } },
        { quiet: true },
      ),
    onSuccess: (_answer, p) => drawTool(getMap(), pointsOf([[p.lng, p.lat]])),
  });
  const route = useMutation({
    mutationFn: (c: NearestCandidate) =>
      api.call(
        routingApi.route,
        {
          params: { companyId },
          query: { fromLat: c.lat, fromLng: c.lng, toLat: point!.lat, toLng: point!.lng },
        },
        { quiet: true },
      ),
    onSuccess: (r) => {
      if (!point) return;
      drawTool(getMap(), merged(lineOf(r.coordinates), pointsOf([[point.lng, point.lat]])));
      fitTool(getMap(), r.coordinates);
    },
  });
  const error = nearest.error ?? route.error;
  const answer = nearest.data;
  const close = () => {
    onClose();
  };

  return (
    <Modal opened onClose={close} title={t("maptools.route.title")} size="lg">
      <Stack gap="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (point) nearest.mutate(point);
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            <PointInput
              label={t("maptools.route.point")}
              description={t("maptools.route.pointHelp")}
              value={text}
              onChange={setText}
              valid={point !== null}
              testId="route-point"
            />
            <Button type="submit" disabled={!point} loading={nearest.isPending} data-testid="route-search">
              {t("maptools.route.search")}
            </Button>
          </Group>
        </form>
        {answer && answer.rankedBy === "straight" && (
          <Alert color={answer.routerFailed ? "orange" : "gray"} data-testid="route-straight">
            {answer.routerFailed ? t("maptools.route.cannotCalculate") : t("maptools.route.noRouter")}
          </Alert>
        )}
        {error && (
          <Alert color="red">{error instanceof ApiError ? apiErrorText(error, t) : String(error)}</Alert>
        )}
        {answer && answer.candidates.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("maptools.route.none")}
          </Text>
        )}
        {answer && answer.candidates.length > 0 && (
          <Table striped highlightOnHover data-testid="route-candidates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("maptools.route.vehicle")}</Table.Th>
                <Table.Th>{t("maptools.route.time")}</Table.Th>
                <Table.Th>{t("maptools.route.road")}</Table.Th>
                <Table.Th>{t("maptools.route.straight")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.candidates.map((c) => (
                <Table.Tr key={c.itemId}>
                  <Table.Td>
                    {catalog.items.get(liveKey("vehicle", c.itemId))?.name ?? `#${c.itemId}`}
                  </Table.Td>
                  <Table.Td>{c.durationS === null ? "—" : formatDuration(c.durationS)}</Table.Td>
                  <Table.Td>{c.roadM === null ? "—" : fmt.distance(c.roadM)}</Table.Td>
                  <Table.Td>{fmt.distance(c.straightM)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => route.mutate(c)}
                      loading={route.isPending && route.variables?.itemId === c.itemId}
                      disabled={answer.rankedBy === "straight" && !answer.routerFailed}
                    >
                      {t("maptools.route.draw")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {route.data && (
          <Text size="sm" data-testid="route-summary">
            {t("maptools.route.summary", {
              distance: fmt.distance(route.data.distanceM),
              time: formatDuration(route.data.durationS),
            })}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
