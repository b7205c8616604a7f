import { ActionIcon, Badge, Button, Divider, Group, ScrollArea, Table, Text, Tooltip } from "@mantine/core";
import { IconCurrentLocation, IconMapPin } from "@tabler/icons-react";
import { ITEM_TYPE_BY_KEY, liveApi, shownSpeedKmh } from "@vigia/domain";
import type { Map as MapLibre } from "maplibre-gl";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAge } from "../../kit/format/age.ts";
import { formatDateTime } from "../../kit/format/date.ts";
import { useNumberFormat } from "../../kit/format/number.ts";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { type LiveKey, liveItems, motionClass, parseKey } from "../../platform/live/store.ts";
import { EventMediaGallery } from "../eventmedia/index.ts";
import { ItemFormsButton } from "../forms/index.ts";
import { InsideZones } from "../places/index.ts";
import { useFollowingAddress } from "./address-follow.ts";
import { CamerasSection } from "./cameras-section.tsx";
import { type Catalog, shownSub } from "./catalog.ts";
import { CommandsSection } from "./commands-section.tsx";
import { useLiveVersion, useNow } from "./hooks.ts";
import { ItinerarySection } from "./itinerary-section.tsx";
import { MapPanelFrame } from "./map-panel-frame.tsx";
import { PlaybackCursor } from "./playback/playback-cursor.tsx";
import { RouteSection, type RouteSectionProps } from "./route-section.tsx";
import { SensorList } from "./sensor-list.tsx";
import { MOTION_COLORS } from "./symbols.ts";
import { UnlocatedNotice } from "./unlocated-notice.tsx";

interface Props extends Omit<RouteSectionProps, "kind" | "id"> {
  itemKey: LiveKey;
  catalog: Catalog;
  language: string;
  /** Phone-sized screen: a bottom sheet across the lower part of the map instead of a side panel. */
  sheet?: boolean;
  follow: boolean;
  onFollowChange(follow: boolean): void;
  onClose(): void;
  /** The live map, for sections that draw on it (today's itinerary). */
  getMap(): MapLibre | null;
}

/** How far back the panel shows the item's event photos and clips (and as far ahead, for device clocks). */
const MEDIA_DAYS_MS = 24 * 3600_000;

/** Right overlay with the live detail of the selected item, its address and its day route. */
export function DetailPanel({
  itemKey,
  catalog,
  language,
  sheet = false,
  follow,
  onFollowChange,
  onClose,
  getMap,
  ...route
}: Props) {
  const { t, i18n } = useTranslation();
  const fmt = useNumberFormat();
  useLiveVersion();
  const now = useNow();
  const { kind, id } = parseKey(itemKey);
  // The last day's media, fixed when the panel opens so the list is not asked for again every second.
  const [mediaSince] = useState(() => Date.now() - MEDIA_DAYS_MS);
  const entry = catalog.items.get(itemKey);
  const state = liveItems.items.get(itemKey);
  const pos = state?.pos ?? null;
  const motion = motionClass(state);
  const { companyId } = route;
  const fetchAddress = useCallback(
    async (at: { lat: number; lng: number }) =>
      (
        await api.call(
          liveApi.address,
          { params: { companyId }, query: { lat: at.lat, lng: at.lng, lang: language } },
          { quiet: true },
        )
      ).address,
    [companyId, language],
  );
  const errorText = useCallback(
    (error: unknown) => (error instanceof ApiError ? apiErrorText(error, t) : String(error)),
    [t],
  );
  const {
    address,
    loading: loadingAddress,
    lookUp,
  } = useFollowingAddress(itemKey, pos ? { lat: pos.lat, lng: pos.lng } : null, fetchAddress, errorText);

  const driver =
    state?.driverId != null ? (catalog.drivers.get(state.driverId) ?? `#${state.driverId}`) : null;
  const rows: [string, string][] = [
    [
      t("map.detail.lastUpdate"),
      pos
        ? `${formatDateTime(pos.ts, route.timezone, true)} (${formatAge(pos.ts, now, i18n.language)})`
        : t("map.motion.noData"),
    ],
    [t("map.detail.speed"), pos ? `${shownSpeedKmh(state) ?? 0} km/h` : "—"],
    [t("map.detail.altitude"), pos ? `${fmt.number(pos.alt)} m` : "—"],
    [t("map.detail.source"), pos ? sourceText(t(`map.source.${pos.src}`), pos.acc, fmt.distance) : "—"],
    [t("map.detail.satellites"), pos ? String(pos.satt) : "—"],
  ];
  if (kind === "vehicle") {
    rows.push([t("map.detail.odometer"), `${fmt.number((state?.odometer ?? 0) / 1000, 1, true)} km`]);
    rows.push([t("map.detail.hours"), `${fmt.number(Math.floor((state?.hours ?? 0) / 3600))} h`]);
    rows.push([t("map.detail.driver"), driver ?? t("map.detail.noDriver")]);
  }

  return (
    <MapPanelFrame
      testId="map-detail"
      sheet={sheet}
      onClose={onClose}
      title={
        <>
          <Text fw={700} size="lg" truncate data-testid="map-detail-name">
            {entry?.name ?? `#${id}`}
          </Text>
          <Group gap={6} mt={2}>
            {entry?.sub && (
              <Badge variant="outline" color="dark" radius="sm" size="sm">
                {shownSub(entry, (key, fallback) => t(key, { defaultValue: fallback }))}
              </Badge>
            )}
            <Badge color={MOTION_COLORS[motion]} size="sm" data-testid="map-detail-motion">
              {t(pos ? `map.motion.${motion}` : "map.motion.noData")}
            </Badge>
            {pos && (
              <Text size="xs" c="dimmed" data-testid="map-detail-age">
                {formatAge(pos.ts, now, i18n.language)}
              </Text>
            )}
          </Group>
        </>
      }
      actions={
        <Tooltip label={follow ? t("fleet.follow.off") : t("fleet.follow.on")}>
          <ActionIcon
            variant={follow ? "filled" : "subtle"}
            color={follow ? "blue" : "gray"}
            onClick={() => onFollowChange(!follow)}
            disabled={!pos}
            aria-pressed={follow}
            aria-label={follow ? t("fleet.follow.off") : t("fleet.follow.on")}
            data-testid="map-detail-follow"
          >
            <IconCurrentLocation size={18} />
          </ActionIcon>
        </Tooltip>
      }
    >
      <ScrollArea style={{ flex: 1 }} type="auto">
        <PlaybackCursor
          itemKey={itemKey}
          companyId={route.companyId}
          timezone={route.timezone}
          language={language}
        />
        <UnlocatedNotice
          companyId={route.companyId}
          itemType={ITEM_TYPE_BY_KEY[kind]}
          itemId={id}
          shownTs={pos?.ts ?? null}
          timezone={route.timezone}
        />
        <Table verticalSpacing={5} fz="sm" mx="sm" mt={6} style={{ width: "calc(100% - 24px)" }}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td c="dimmed" w="42%" style={{ whiteSpace: "nowrap" }}>
                  {label}
                </Table.Td>
                <Table.Td fw={500} data-testid={`map-detail-${label}`}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {pos && (
          <div style={{ padding: "4px 12px 0" }}>
            <InsideZones lat={pos.lat} lng={pos.lng} />
          </div>
        )}
        <div style={{ padding: "8px 12px" }}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMapPin size={14} />}
            onClick={lookUp}
            loading={loadingAddress}
            disabled={!pos}
            data-testid="map-detail-address"
          >
            {t("map.detail.address")}
          </Button>
          {address && (
            <Text
              size="sm"
              mt={6}
              c={address.error ? "red" : undefined}
              data-testid="map-detail-address-text"
            >
              {address.text}
            </Text>
          )}
        </div>
        <CommandsSection kind={kind} id={id} companyId={route.companyId} timezone={route.timezone} />
        <div style={{ padding: "0 12px 8px" }}>
          <ItemFormsButton kind={kind} id={id} companyId={route.companyId} position={pos} />
        </div>
        {kind === "vehicle" || kind === "person" ? (
          <ItinerarySection companyId={route.companyId} item={{ kind, id }} getMap={getMap} />
        ) : null}
        {kind === "vehicle" ? <CamerasSection companyId={route.companyId} vehicleId={id} /> : null}
        <div style={{ padding: "0 12px" }}>
          <EventMediaGallery
            companyId={route.companyId}
            itemType={ITEM_TYPE_BY_KEY[kind]}
            itemId={id}
            from={mediaSince}
            to={mediaSince + 2 * MEDIA_DAYS_MS}
          />
        </div>
        <Divider label={t("map.route.title")} labelPosition="left" mx="sm" mt="sm" />
        <RouteSection kind={kind} id={id} {...route} />
        <SensorList kind={kind} id={id} sensors={state?.sensors ?? {}} />
      </ScrollArea>
    </MapPanelFrame>
  );
}

/** "Cell ID (± 1.5 km)": how far off a position without a GPS fix may be. */
function sourceText(source: string, acc: number | undefined, distance: (metres: number) => string): string {
  if (!acc) return source;
  return `${source} (± ${distance(acc)})`;
}
