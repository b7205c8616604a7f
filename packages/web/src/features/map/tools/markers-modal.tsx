import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconCrosshair, IconFocus2, IconMapPinShare, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  allows,
  type MapMarker,
  mapMarkerInputSchema,
  mapToolsApi,
  parseCoordinate,
  placesApi,
} from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../kit/format/date.ts";
import { ApiError } from "../../../platform/api/client.ts";
import { apiErrorText } from "../../../platform/api/error-text.ts";
import { api } from "../../../platform/api/instance.ts";
import { useSession } from "../../../platform/session/session.ts";
import { markersQueryKey, useMarkers } from "./markers-layer.ts";
import { PointInput } from "./point-input.tsx";
import { TipIcon } from "./tip-icon.tsx";
import type { MapToolProps } from "./types.ts";

const coordText = (p: { lat: number; lng: number }) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/**
 * Add marker: drop a named marker with a note at a point (typed, the map's centre, or picked with a
 * click), personal or shared with the company; the list shows the user's and the shared markers, each deletable by
 * its author. The markers stay drawn on the live map (markers-layer.ts).
 */
export function MarkersModal({ companyId, timezone, getMap, onClose }: MapToolProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const markers = useMarkers(companyId);
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  const [shared, setShared] = useState(false);
  const [point, setPoint] = useState(() => {
    const c = getMap()?.getCenter();
    return c ? coordText({ lat: c.lat, lng: c.lng }) : "";
  });
  const [picking, setPicking] = useState(false);
  const at = parseCoordinate(point);
  const body = at ? mapMarkerInputSchema.safeParse({ name, note, shared, lat: at.lat, lng: at.lng }) : null;
  const refresh = () => client.invalidateQueries({ queryKey: markersQueryKey(companyId) });
  const create = useMutation({
    mutationFn: () =>
      api.call(
        mapToolsApi.createMarker,
        { params: { companyId }, body: body?.success ? body.data : { name, lat: 0, lng: 0 } },
        { quiet: true },
      ),
    onSuccess: () => {
      setName("");
      setNote("");
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      api.call(mapToolsApi.removeMarker, { params: { companyId, id } }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
  // One click on the map sets the point; the modal steps aside meanwhile.
  const pick = () => {
    const map = getMap();
    if (!map) return;
    setPicking(true);
    map.getCanvas().style.cursor = "crosshair";
    map.once("click", (e) => {
      map.getCanvas().style.cursor = "";
      setPoint(coordText({ lat: e.lngLat.lat, lng: e.lngLat.lng }));
      setPicking(false);
    });
  };
  // Turning a marker into a POI (for who may write places): the POI reaches every map through the live channel,
  // and the user's own marker, now redundant, is deleted.
  const { user } = useSession();
  const placesWriter = allows(placesApi.createPoi.access, user);
  const toPoi = useMutation({
    mutationFn: async (m: MapMarker) => {
      await api.call(
        placesApi.createPoi,
        {
          params: { companyId },
          body: { name: m.name, lat: m.lat, lng: m.lng, address: m.note.slice(0, 300) },
        },
        { quiet: true },
      );
      if (m.mine)
        await api.call(mapToolsApi.removeMarker, { params: { companyId, id: m.id } }, { quiet: true });
    },
    onSuccess: () => void refresh(),
  });
  const error = create.error ?? remove.error ?? toPoi.error;

  return (
    <Modal opened={!picking} onClose={onClose} title={t("maptools.marker.title")} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t("maptools.marker.name")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          data-testid="marker-name"
        />
        <Textarea
          label={t("maptools.marker.note")}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
        />
        <Group align="flex-end" gap="xs">
          <PointInput
            label={t("maptools.marker.point")}
            description={t("maptools.marker.pointHelp")}
            value={point}
            onChange={setPoint}
            valid={at !== null}
            testId="marker-point"
          />
          <Button variant="light" leftSection={<IconCrosshair size={16} />} onClick={pick}>
            {t("maptools.marker.pick")}
          </Button>
        </Group>
        <Switch
          label={t("maptools.marker.shared")}
          checked={shared}
          onChange={(e) => setShared(e.currentTarget.checked)}
        />
        {error && (
          <Alert color="red">{error instanceof ApiError ? apiErrorText(error, t) : String(error)}</Alert>
        )}
        <Group justify="flex-end">
          <Button
            onClick={() => create.mutate()}
            loading={create.isPending}
            disabled={!body?.success}
            data-testid="marker-add"
          >
            {t("maptools.marker.add")}
          </Button>
        </Group>
        <Text fw={500} size="sm">
          {t("maptools.marker.list")}
        </Text>
        {markers.data && markers.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("maptools.marker.none")}
          </Text>
        )}
        {markers.data && markers.data.length > 0 && (
          <Table fz="sm" striped data-testid="markers-table">
            <Table.Tbody>
              {markers.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {m.name}{" "}
                      <Badge size="xs" variant="light" color={m.shared ? "cyan" : "violet"}>
                        {m.shared ? t("maptools.marker.sharedBadge") : t("maptools.marker.personal")}
                      </Badge>
                    </Text>
                    {m.note && (
                      <Text size="xs" c="dimmed">
                        {m.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{m.author}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(m.createdTs, timezone)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={110}>
                    <Group gap={4} wrap="nowrap">
                      <TipIcon
                        label={t("maptools.marker.show")}
                        variant="subtle"
                        onClick={() => getMap()?.flyTo({ center: [m.lng, m.lat], zoom: 16, duration: 0 })}
                      >
                        <IconFocus2 size={16} />
                      </TipIcon>
                      {placesWriter && (
                        <TipIcon
                          label={t("maptools.marker.toPoi")}
                          variant="subtle"
                          onClick={() => toPoi.mutate(m)}
                          loading={toPoi.isPending && toPoi.variables?.id === m.id}
                          data-testid={`marker-to-poi-${m.id}`}
                        >
                          <IconMapPinShare size={16} />
                        </TipIcon>
                      )}
                      {m.mine && (
                        <TipIcon
                          label={t("maptools.marker.delete")}
                          variant="subtle"
                          color="red"
                          onClick={() => remove.mutate(m.id)}
                          loading={remove.isPending && remove.variables === m.id}
                        >
                          <IconTrash size={16} />
                        </TipIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
