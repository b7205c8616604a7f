import { Badge, Group, Progress, ScrollArea, Table, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { drivingShare } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import { type LiveKey, liveItems } from "../../platform/live/store.ts";
import { driverDayQuery } from "./api.ts";
import type { Catalog } from "./catalog.ts";
import { driverPlaces } from "./driver-markers.ts";
import { useLiveVersion } from "./hooks.ts";
import { MapPanelFrame } from "./map-panel-frame.tsx";
import { formatDuration } from "./tools/measure-format.ts";

interface Props {
  driverId: number;
  catalog: Catalog;
  companyId: number;
  timezone: string;
  sheet?: boolean;
  onClose(): void;
  /** Opens the panel of the vehicle (or person) carrying the driver. */
  onSelectItem(key: LiveKey): void;
}

/** A share of the limit used: calm until the last hour, then a warning, red once over. */
function barColor(share: number, over: boolean): string {
  if (over) return "red";
  return share >= 0.8 ? "orange" : "teal";
}

/**
 * The driver's detail panel on the live map: where they are (the vehicle they are identified on, live
 * from the store), their card and iButton, today's driving time against the 4 h 30 min limit and their latest
 * driving events.
 */
export function DriverPanel({
  driverId,
  catalog,
  companyId,
  timezone,
  sheet = false,
  onClose,
  onSelectItem,
}: Props) {
  const { t } = useTranslation();
  useLiveVersion();
  const driver = catalog.driverRows.get(driverId);
  const place = driverPlaces(liveItems.items, catalog.driverRows).get(driverId) ?? null;
  const carrier = place ? catalog.items.get(place.at) : undefined;
  const day = useQuery({
    // A new vehicle is a new day answer: its running trip counts from then on.
    ...driverDayQuery(companyId, driverId, place?.at ?? null),
    refetchInterval: 60_000,
  });
  const data = day.data;
  const usage = data ? drivingShare(data.drivingMs, data.limitMs) : null;

  const rows: [string, string, string][] = [
    ["card", t("driverPanel.card"), driver?.tachographCard || "—"],
    ["ibutton", t("driverPanel.iButton"), driver?.iButton || "—"],
  ];
  return (
    <MapPanelFrame
      testId="map-driver"
      sheet={sheet}
      onClose={onClose}
      title={
        <>
          <Text fw={700} size="lg" truncate data-testid="map-driver-name">
            {driver?.name ?? `#${driverId}`}
          </Text>
          <Badge color="violet" size="sm" mt={2}>
            {t("driverPanel.kind")}
          </Badge>
        </>
      }
    >
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Table verticalSpacing={5} fz="sm" mx="sm" mt={6} style={{ width: "calc(100% - 24px)" }}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td c="dimmed" w="42%">
                {t(place?.via === "person" ? "driverPanel.ownDevice" : "driverPanel.vehicle")}
              </Table.Td>
              <Table.Td fw={500} data-testid="map-driver-vehicle">
                {place ? (
                  <UnstyledButton onClick={() => onSelectItem(place.at)} c="blue" fz="sm" fw={500}>
                    {carrier?.name ?? place.at}
                  </UnstyledButton>
                ) : (
                  t("driverPanel.noVehicle")
                )}
              </Table.Td>
            </Table.Tr>
            {rows.map(([id, label, value]) => (
              <Table.Tr key={id}>
                <Table.Td c="dimmed">{label}</Table.Td>
                <Table.Td fw={500} data-testid={`map-driver-${id}`}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <div style={{ padding: "10px 12px" }}>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={600}>
              {t("driverPanel.drivingToday")}
            </Text>
            {data && (
              <Text size="sm" fw={600} c={usage?.over ? "red" : undefined} data-testid="map-driver-driving">
                {t("driverPanel.ofLimit", {
                  used: formatDuration(data.drivingMs / 1000),
                  limit: formatDuration(data.limitMs / 1000),
                })}
              </Text>
            )}
          </Group>
          {day.isError && (
            <Text size="sm" c="red">
              {t("driverPanel.failed")}
            </Text>
          )}
          {usage && data && (
            <>
              <Progress
                value={usage.share * 100}
                color={barColor(usage.share, usage.over)}
                size="lg"
                radius="sm"
                aria-label={t("driverPanel.drivingToday")}
                data-testid="map-driver-progress"
              />
              <Text size="xs" c={usage.over ? "red" : "dimmed"} mt={4} data-testid="map-driver-left">
                {usage.over
                  ? t("driverPanel.over", { time: formatDuration((data.drivingMs - data.limitMs) / 1000) })
                  : t("driverPanel.left", { time: formatDuration(usage.leftMs / 1000) })}
                {data.runningSinceTs !== null ? ` · ${t("driverPanel.running")}` : ""}
              </Text>
            </>
          )}
        </div>
        <Text size="sm" fw={600} px="sm" mt={4}>
          {t("driverPanel.events")}
        </Text>
        {data && data.events.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={6} data-testid="map-driver-no-events">
            {t("driverPanel.noEvents")}
          </Text>
        )}
        {data && data.events.length > 0 && (
          <Table
            verticalSpacing={4}
            fz="sm"
            mx="sm"
            style={{ width: "calc(100% - 24px)" }}
            data-testid="map-driver-events"
          >
            <Table.Tbody>
              {data.events.map((event) => (
                <Table.Tr key={`${event.itemId}:${event.ts}:${event.kind}`}>
                  <Table.Td>{t(`driverPanel.kinds.${event.kind}`)}</Table.Td>
                  <Table.Td c="dimmed">{formatDateTime(event.ts, timezone)}</Table.Td>
                  <Table.Td c="dimmed" ta="right">{`${Math.round(event.spd)} km/h`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ScrollArea>
    </MapPanelFrame>
  );
}
