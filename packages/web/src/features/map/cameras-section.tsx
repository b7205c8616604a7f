import { ActionIcon, Anchor, Badge, Button, Divider, Group, Image, Stack, Text } from "@mantine/core";
import {
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconVideo,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { allows, type Camera, camerasApi, isHlsStream } from "@vigia/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { useUser } from "../../platform/session/session.ts";
import { cameraSnapshotQuery, camerasQuery } from "./api.ts";
import { CameraFormModal } from "./camera-form-modal.tsx";

/** The player is its own chunk: most panels never show a stream. */
const HlsVideo = lazy(() => import("../../kit/media/hls-video.tsx"));

/**
 * The snapshot as the server fetched it (through its egress guard) and handed to this page as bytes: the
 * browser never loads the camera's own URL. Fetched when shown and on "refresh", never on a timer.
 */
function Snapshot({ companyId, camera }: { companyId: number; camera: Camera }) {
  const { t } = useTranslation();
  const image = useQuery(cameraSnapshotQuery(companyId, camera));
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);

  return (
    <Stack gap={4}>
      {image.isError ? (
        <Text size="xs" c="red" data-testid="camera-snapshot-error">
          {t("cameras.snapshotFailed")}
        </Text>
      ) : src ? (
        <Image
          src={src}
          radius="sm"
          alt={camera.name}
          mah={180}
          fit="contain"
          data-testid="camera-snapshot"
        />
      ) : (
        <Text size="xs" c="dimmed">
          {t("cameras.loading")}
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconRefresh size={14} />}
        loading={image.isFetching}
        onClick={() => void image.refetch()}
        style={{ alignSelf: "flex-start" }}
      >
        {t("cameras.refresh")}
      </Button>
    </Stack>
  );
}

/**
 * The camera's live stream: an HLS playlist plays in the panel on demand (the player and hls.js are loaded
 * only then); any other address, or a stream the browser cannot play, opens in its own tab.
 */
function LiveStream({ camera }: { camera: Camera }) {
  const { t } = useTranslation();
  const [watching, setWatching] = useState(false);
  const hls = isHlsStream(camera.streamUrl);
  return (
    <Stack gap={4}>
      {hls && watching ? (
        <Suspense
          fallback={
            <Text size="xs" c="dimmed">
              {t("cameras.streamLoading")}
            </Text>
          }
        >
          <HlsVideo src={camera.streamUrl} title={camera.name} errorText={t("cameras.streamFailed")} />
        </Suspense>
      ) : null}
      <Group gap="sm">
        {hls ? (
          <Button
            variant="light"
            size="compact-xs"
            leftSection={watching ? <IconPlayerStop size={14} /> : <IconPlayerPlay size={14} />}
            onClick={() => setWatching((w) => !w)}
            data-testid="camera-watch"
          >
            {watching ? t("cameras.stopStream") : t("cameras.watchStream")}
          </Button>
        ) : null}
        <Anchor href={camera.streamUrl} target="_blank" rel="noreferrer noopener" size="sm">
          <Group gap={4} component="span">
            <IconVideo size={14} /> {t("cameras.openStream")}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The vehicle's cameras in its detail panel: snapshot, live stream link, and (for editors) add/change/remove. */
export function CamerasSection({ companyId, vehicleId }: { companyId: number; vehicleId: number }) {
  const { t } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const cameras = useQuery(camerasQuery(companyId, vehicleId));
  const [editing, setEditing] = useState<Camera | "new" | null>(null);
  const editor = allows(camerasApi.create.access, user);
  const list = cameras.data ?? [];
  if (!editor && list.length === 0) return null;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: camerasQuery(companyId, vehicleId).queryKey });
  const remove = async (camera: Camera) => {
    await api.call(camerasApi.remove, { params: { companyId, id: camera.id } });
    await refresh();
  };

  return (
    <>
      <Divider label={t("cameras.title")} labelPosition="left" mx="sm" mt="sm" />
      <Stack gap="sm" p="sm" data-testid="cameras-section">
        {list.map((camera) => (
          <Stack key={camera.id} gap={4} data-testid="camera">
            <Group justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600}>
                  {camera.name}
                </Text>
                <Badge size="xs" variant="light">
                  {t(`cameras.types.${camera.type}`)}
                </Badge>
              </Group>
              {editor ? (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("cameras.edit")}
                    onClick={() => setEditing(camera)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("cameras.remove")}
                    onClick={() => void remove(camera)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
            {camera.snapshotUrl ? <Snapshot companyId={companyId} camera={camera} /> : null}
            {camera.streamUrl ? <LiveStream camera={camera} /> : null}
          </Stack>
        ))}
        {editor ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing("new")}
            data-testid="camera-add"
            style={{ alignSelf: "flex-start" }}
          >
            {t("cameras.add")}
          </Button>
        ) : null}
      </Stack>
      <CameraFormModal
        opened={editing !== null}
        companyId={companyId}
        vehicleId={vehicleId}
        camera={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </>
  );
}
