import { ActionIcon, Badge, Divider, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconFocus2 } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type WaypointProgress, waypointPhase } from "@vigia/domain";
import type { Map as MapLibre } from "maplibre-gl";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { itineraryProgressQuery } from "../itineraries/index.ts";
import { drawItinerary, itineraryBounds, itineraryFeatures, PHASE_COLORS } from "./itinerary-layer.ts";

interface Props {
  companyId: number;
  /** Whose day: a vehicle's or a person's. */
  item: { kind: "vehicle" | "person"; id: number };
  getMap(): MapLibre | null;
}

/** "HH:MM" of a minute of the local day. */
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** A finished day says how much of it was kept: every waypoint visited, some, or none. */
function FinishedBadge({ waypoints }: { waypoints: readonly WaypointProgress[] }) {
  const { t } = useTranslation();
  const visited = waypoints.filter((w) => w.enteredAt !== null).length;
  const color = visited === waypoints.length ? "teal" : visited === 0 ? "red" : "orange";
  return (
    <Badge size="xs" variant="light" color={color} data-testid="map-detail-itinerary-finished">
      {t("itineraries.progress.finishedCount", { visited, total: waypoints.length })}
    </Badge>
  );
}

/**
 * How a vehicle or a person is doing on its itineraries today: each waypoint visited, next or missed, planned and
 * actual.
 */
export function ItinerarySection({ companyId, item, getMap }: Props) {
  const { t } = useTranslation();
  // Itineraries off for the company (conf.general.itenerary): nothing is asked, nothing is drawn.
  const shown = useCompany().info?.conf.general.itenerary === true;
  const progress = useQuery({
    ...itineraryProgressQuery(companyId, item),
    // Progress moves with the item's positions; a minute is fine for a plan counted in minutes.
    refetchInterval: 60_000,
    enabled: shown,
  });
  const data = shown ? progress.data : undefined;
  useEffect(() => {
    drawItinerary(getMap(), data ? itineraryFeatures(data) : null);
  }, [data, getMap]);
  useEffect(() => () => drawItinerary(getMap(), null), [getMap]);

  if (!data || data.length === 0) return null;
  const actual = (w: WaypointProgress) => {
    if (w.enteredAt === null) return "—";
    return w.leftAt === null ? `${clock(w.enteredAt)} →` : `${clock(w.enteredAt)}–${clock(w.leftAt)}`;
  };
  return (
    <div data-testid="map-detail-itinerary">
      <Divider label={t("itineraries.progress.title")} labelPosition="left" mx="sm" mt="sm" />
      {data.map((it) => (
        <Stack key={it.itineraryId} gap={4} px="sm" py={6}>
          <Group justify="space-between">
            <Group gap={4}>
              <Text fw={600} size="sm">
                {it.name}
              </Text>
              <Tooltip label={t("itineraries.progress.show")}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label={t("itineraries.progress.show")}
                  onClick={() => {
                    const bounds = itineraryBounds(it);
                    if (bounds) getMap()?.fitBounds(bounds, { padding: 80, maxZoom: 15, duration: 300 });
                  }}
                  data-testid="map-detail-itinerary-show"
                >
                  <IconFocus2 size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            {it.finished && <FinishedBadge waypoints={it.waypoints} />}
          </Group>
          {it.waypoints.map((w) => {
            const phase = waypointPhase(w);
            return (
              <Group key={w.index} gap={6} wrap="nowrap" data-waypoint={w.index + 1} data-phase={phase}>
                <Badge size="sm" circle color={PHASE_COLORS[phase].name}>
                  {w.index + 1}
                </Badge>
                <Text size="xs" w={92}>
                  {t("itineraries.progress.planned", { time: w.time })}
                </Text>
                <Text size="xs" w={86}>
                  {actual(w)}
                </Text>
                <Badge size="xs" variant="light" color={PHASE_COLORS[phase].name}>
                  {w.next ? t("itineraries.progress.next") : t(`itineraries.statuses.${w.status}`)}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      ))}
    </div>
  );
}
