import { Divider, Group, Image, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type EventMedia, isClip } from "@vigia/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { eventMediaFileQuery, eventMediaListQuery } from "./api.ts";

/**
 * The media's bytes as an object URL: the route needs the session's Bearer token, which an <img> or <video>
 * cannot send. Fetched only while `enabled`, kept for the session, released when no longer shown.
 */
function useMediaUrl(companyId: number, media: EventMedia, enabled: boolean): string | null {
  const bytes = useQuery({ ...eventMediaFileQuery(companyId, media.id), enabled });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes.data) return;
    const next = URL.createObjectURL(bytes.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes.data]);
  return url;
}

const TILE = 72;

/** A photo's thumbnail (the photo itself, scaled), or a play tile for a clip (its bytes wait for the click). */
function Thumbnail({ companyId, media, onOpen }: { companyId: number; media: EventMedia; onOpen(): void }) {
  const { t } = useTranslation();
  const clip = isClip(media);
  const url = useMediaUrl(companyId, media, !clip);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t(clip ? "eventMedia.openClip" : "eventMedia.openPhoto")}
      data-testid="event-media-thumb"
      data-kind={clip ? "clip" : "photo"}
      style={{
        width: TILE,
        height: TILE,
        borderRadius: 4,
        overflow: "hidden",
        background: "var(--mantine-color-dark-6)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      }}
    >
      {clip ? (
        <IconPlayerPlayFilled size={28} color="white" />
      ) : url ? (
        <Image src={url} alt={media.file.name} w={TILE} h={TILE} fit="cover" />
      ) : null}
    </UnstyledButton>
  );
}

/** The full photo, or the clip in a video element, in its own modal above whatever opened it. */
function FullView({ companyId, media, onClose }: { companyId: number; media: EventMedia; onClose(): void }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const url = useMediaUrl(companyId, media, true);
  const clip = isClip(media);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      zIndex={420}
      title={`${media.event || t(clip ? "eventMedia.clip" : "eventMedia.photo")} · ${formatDateTime(media.ts, timezone, true)}`}
    >
      {!url ? (
        <Text c="dimmed">{t("eventMedia.loading")}</Text>
      ) : clip ? (
        // biome-ignore lint/a11y/useMediaCaption: device clips come without captions
        <video
          src={url}
          controls
          autoPlay
          playsInline
          style={{ width: "100%", maxHeight: "70vh", background: "#000" }}
          data-testid="event-media-video"
        />
      ) : (
        <Image src={url} alt={media.file.name} fit="contain" mah="70vh" data-testid="event-media-photo" />
      )}
    </Modal>
  );
}

/**
 * Photos and clips the item's devices attached to events between `from` and `to` (epoch ms): thumbnails that
 * open the full view. Shows nothing when there are none, so panels without cameras look as before.
 */
export function EventMediaGallery({
  companyId,
  itemType,
  itemId,
  from,
  to,
}: {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  from: number;
  to: number;
}) {
  const { t } = useTranslation();
  const media = useQuery(eventMediaListQuery(companyId, itemType, itemId, from, to));
  const [open, setOpen] = useState<EventMedia | null>(null);
  const list = media.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap={6} data-testid="event-media">
      <Divider label={t("eventMedia.title")} labelPosition="left" />
      <Group gap={6}>
        {list.map((m) => (
          <Thumbnail key={m.id} companyId={companyId} media={m} onOpen={() => setOpen(m)} />
        ))}
      </Group>
      {open ? <FullView companyId={companyId} media={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
