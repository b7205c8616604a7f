import {
  Box,
  Button,
  Collapse,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp } from "@tabler/icons-react";
import {
  ALARM_ARROW_THROTTLE_MS,
  type AlarmLog,
  alarmsApi,
  allows,
  EVENT_MEDIA_WINDOW_MS,
  ITEM_TYPE_LETTER,
} from "@vigia/domain";
import { Map as MapLibre, Marker, setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { baseStyle } from "../../kit/map/map-style.ts";
import { useCompanyBaseMap } from "../../kit/map/use-base-map.ts";
import { useAtom } from "../../platform/live/atom.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useSession } from "../../platform/session/session.ts";
import { EventMediaGallery } from "../eventmedia/index.ts";
import { StateBadge } from "./alarm-panel.tsx";
import { center, markSeen, openModal } from "./center.ts";
import { EpisodeLine } from "./episode-line.tsx";
import { neighbour, throttle, visibleLogs } from "./logic.ts";
import { usePlaceAddress } from "./place-address.ts";
import { StateForm } from "./state-form.tsx";

setWorkerUrl(maplibreWorkerUrl);
const SOURCE_NAMES: Record<number, string> = {
  1: "GPS",
  2: "GPS (no fix)",
  3: "Cell ID",
  4: "Wi-Fi",
  5: "BLE",
};

/** Map at zoom 12 with a marker where the alarm happened. */
function AlarmMap({ pos }: { pos: { lat: number; lng: number } }) {
  const ref = useRef<HTMLDivElement>(null);
  const mapRef = useRef<{ map: MapLibre; marker: Marker } | null>(null);
  const [shown, setShown] = useState<MapLibre | null>(null);
  useCompanyBaseMap(shown);
  useEffect(() => {
    if (!ref.current) return;
    try {
      const map = new MapLibre({
        container: ref.current,
        style: baseStyle(),
        center: [pos.lng, pos.lat],
        zoom: 12,
      });
      const marker = new Marker({ color: "#e03131" }).setLngLat([pos.lng, pos.lat]).addTo(map);
      mapRef.current = { map, marker };
      setShown(map);
    } catch {
      // No WebGL: the coordinates below still say where it was.
    }
    return () => {
      setShown(null);
      mapRef.current?.map.remove();
      mapRef.current = null;
    };
    // The map is created once per modal; later positions move it below.
  }, []);
  useEffect(() => {
    mapRef.current?.marker.setLngLat([pos.lng, pos.lat]);
    mapRef.current?.map.jumpTo({ center: [pos.lng, pos.lat], zoom: 12 });
  }, [pos.lat, pos.lng]);
  return <Box ref={ref} h={260} style={{ borderRadius: 6, overflow: "hidden" }} data-testid="alarm-map" />;
}

/**
 * The map popup's content: date with reception, latency, source, satellites; speed; altitude; lat,lng; and the
 * place's address, looked up at once (the server answers from its own street tables).
 */
export function AlarmPopup({ log, companyId }: { log: AlarmLog; companyId: number }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const pos = log.data.pos;
  const address = usePlaceAddress(companyId, pos ?? null);
  if (!pos) return <Text c="dimmed">{t("alarms.noPosition")}</Text>;
  const latency = Math.max(0, Math.round((log.receptionTs - log.ts) / 1000));
  return (
    <Stack gap={4}>
      <Text size="sm">
        {formatDateTime(log.ts, timezone, true)} · {t("alarms.popup.reception")}{" "}
        {formatDateTime(log.receptionTs, timezone, true)} · {t("alarms.popup.latency")} {latency} s ·{" "}
        {SOURCE_NAMES[pos.src] ?? pos.src} · {t("alarms.popup.satellites")} {pos.satt}
      </Text>
      <Text size="sm">
        {Math.trunc(pos.spd)} km/h · {Math.round(pos.alt)} m · {pos.lat.toFixed(6)},{pos.lng.toFixed(6)}
      </Text>
      <Text size="sm" fw={500} data-testid="alarm-popup-address">
        {address ?? "…"}
      </Text>
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="light"
          component="a"
          target="_blank"
          rel="noreferrer"
          href={`https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${pos.lat},${pos.lng}`}
        >
          StreetView
        </Button>
      </Group>
    </Stack>
  );
}

/** The alarm position modal, stepping through the panel's list. */
export function PositionModal({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { timezone } = useTimezone();
  const state = useAtom(center);
  const [notifOpen, setNotifOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const list = useMemo(
    () =>
      visibleLogs(state.logs.values(), {
        states: new Set([0, 1, 2]),
        search: "",
        sort: { key: "ts", dir: "desc" },
        eventText: (l) => l.data.event,
      }),
    [state.logs],
  );
  const log = state.modalId === null ? null : (state.logs.get(state.modalId) ?? null);
  const allow = useMemo(() => throttle(ALARM_ARROW_THROTTLE_MS), []);
  const step = (dir: -1 | 1) => {
    if (!log) return;
    const next = neighbour(list, log.id, dir);
    if (next) openModal(next.id);
  };

  useEffect(() => {
    if (log && !log.seen) void markSeen(companyId, [log.id]).catch(() => undefined);
  }, [log, companyId]);
  useEffect(() => {
    if (!log) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      if (!allow()) return;
      step(e.key === "ArrowLeft" ? -1 : 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (!log) return null;
  const n = log.info.notification;
  const readOnly = !allows(alarmsApi.setNoticeState.access, user);
  return (
    <Modal
      opened
      onClose={() => openModal(null)}
      size="xl"
      title={log.info.name}
      zIndex={410}
      data-testid="alarm-modal"
    >
      <Stack gap="sm">
        {log.data.pos ? <AlarmMap pos={log.data.pos} /> : null}
        <AlarmPopup log={log} companyId={companyId} />
        <EventMediaGallery
          companyId={companyId}
          itemType={log.itemType}
          itemId={log.itemId}
          from={log.ts - EVENT_MEDIA_WINDOW_MS}
          to={log.ts + EVENT_MEDIA_WINDOW_MS}
        />
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <b>{t("alarms.col.state")}:</b> <StateBadge value={log.state.current.value} />
          </Text>
          <Text size="sm">
            <b>{t("alarms.col.event")}:</b>{" "}
            {t(`alarms.events.${log.data.event}`, { defaultValue: log.data.event })}
            {log.data.text ? ` (${log.data.text})` : ""}
          </Text>
          <EpisodeLine log={log} />
          <Text size="sm">
            <b>{t("alarms.col.item")}:</b> {t(`alarms.itemType.${log.itemType}`)} (
            {ITEM_TYPE_LETTER[log.itemType]}) {log.itemName}
          </Text>
          <Text size="sm">
            <b>{t("alarms.description")}:</b> {log.info.description || "-"}
          </Text>
        </SimpleGrid>
        <UnstyledButton onClick={() => setNotifOpen((o) => !o)}>
          <Group gap={4}>
            {notifOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            <Text fw={600} size="sm">
              {t("alarms.notification")}
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={notifOpen}>
          <Stack gap={2}>
            <Text size="sm">
              {t("alarms.cra")}: {n.cra ? `${log.info.craCode || "-"} (#${n.craId ?? "-"})` : t("alarms.no")}
            </Text>
            <Text size="sm">
              {t("alarms.users")}:{" "}
              {log.info.notification.recipients
                .filter((r) => !n.extUsers.some((e) => e.email === r))
                .join(", ") || "-"}
            </Text>
            <Text size="sm">
              {t("alarms.extEmails")}:{" "}
              {n.extUsers
                .map((e) => e.email)
                .filter(Boolean)
                .join(", ") || "-"}
            </Text>
            {log.delivery.map((d, i) => (
              <Text
                size="xs"
                c={d.status === "sent" ? "green" : d.status === "failed" ? "red" : "dimmed"}
                key={`${d.channel}${i}`}
              >
                {d.channel} → {d.target}: {t(`alarms.delivery.${d.status}`)} {d.error ? `(${d.error})` : ""}
              </Text>
            ))}
          </Stack>
        </Collapse>
        <Divider label={t("alarms.history")} />
        <Stack gap={2} data-testid="alarm-history">
          {log.state.historic.map((h, i) => (
            <Text size="xs" key={`${h.ts}${i}`}>
              {formatDateTime(h.ts, timezone, true)} · {t(`alarms.state.${h.value}`)} · {h.by || "-"}
              {h.text ? ` · ${h.text}` : ""}
            </Text>
          ))}
        </Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => step(-1)}
              disabled={!neighbour(list, log.id, -1)}
              aria-label={t("alarms.previous")}
            >
              <IconChevronLeft size={16} />
            </Button>
            <Button
              variant="default"
              onClick={() => step(1)}
              disabled={!neighbour(list, log.id, 1)}
              aria-label={t("alarms.next")}
            >
              <IconChevronRight size={16} />
            </Button>
          </Group>
          <Group gap="xs">
            {!readOnly ? (
              <Button variant="light" onClick={() => setEditOpen(true)} data-testid="alarm-edit-origin">
                {t("alarms.editOrigin")}
              </Button>
            ) : null}
            <Button onClick={() => openModal(null)}>{t("alarms.accept")}</Button>
          </Group>
        </Group>
      </Stack>
      <StateForm
        opened={editOpen}
        companyId={companyId}
        ids={[log.id]}
        currentValue={log.state.current.value}
        onClose={() => setEditOpen(false)}
      />
    </Modal>
  );
}
