import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { formatDateTime } from "../../kit/format/date.ts";
import { useBaseMapOn } from "../../kit/map/use-base-map.ts";
import { ApiError } from "../../platform/api/client.ts";
import { pickProvider, useMapProviders } from "../../platform/company/index.ts";
import { openSharedChannel } from "../../platform/live/shared-channel.ts";
import { sharedRouteQuery } from "./api.ts";
import { applySharedPosition } from "./shared-live.ts";
import { SharedMap, sharedColor } from "./shared-map.ts";

/**
 * /shareroute/{token}: public, no sign-in. Shows only the link's items and their route since the link was made
 * (read once over HTTP), then moves them with the link's own read-only live channel; when the server ends the
 * channel (revoked, expired) the page reads the link again and shows the page that says so.
 */
export function SharedRoutePage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const container = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<SharedMap | null>(null);
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => sharedRouteQuery(token).queryKey, [token]);
  const shared = useQuery(sharedRouteQuery(token));
  const failed = shared.error instanceof ApiError ? shared.error : null;
  const loaded = shared.isSuccess;

  // The live channel, once the link has been read: positions update the cached view in place.
  useEffect(() => {
    if (!loaded) return;
    return openSharedChannel(token, {
      // Once the channel listens, read the link again: positions stored before it listened (while the page
      // loaded, or while the socket was down) are in that answer, the later ones come on the channel.
      onOpen: () => void queryClient.invalidateQueries({ queryKey }),
      onPosition: (update) =>
        queryClient.setQueryData(queryKey, (view) => view && applySharedPosition(view, update)),
      onClosed: () => void queryClient.invalidateQueries({ queryKey }),
    });
  }, [loaded, token, queryClient, queryKey]);

  useEffect(() => {
    if (!container.current || failed) return;
    let created: SharedMap;
    try {
      created = new SharedMap(container.current);
    } catch (error) {
      console.warn("map unavailable:", error);
      return;
    }
    setMap(created);
    return () => {
      created.destroy();
      setMap(null);
    };
  }, [failed]);

  useEffect(() => {
    if (map && shared.data) map.show(shared.data.items);
  }, [map, shared.data]);

  // The company's base map, as its own maps draw it; the site's tiles (null) when the link does not say.
  const providers = useMapProviders();
  const chosen = shared.data?.mapProvider ?? null;
  const choice = useMemo(
    () => ({ tilesUrl: null, provider: providers ? pickProvider(providers, chosen) : null }),
    [providers, chosen],
  );
  useBaseMapOn(map?.map ?? null, choice);

  if (failed || shared.isError) {
    const reason =
      failed?.description === "shareroute.expired"
        ? "expired"
        : failed?.description === "shareroute.revoked"
          ? "revoked"
          : failed?.status === 404
            ? "unknown"
            : "error";
    return (
      <Center mih="100vh" p="md">
        <Paper withBorder p="xl" maw={440} data-testid="shared-unavailable" data-reason={reason}>
          <Stack gap="sm">
            <Title order={3}>{t(`shareroute.${reason}.title`)}</Title>
            <Text c="dimmed">{t(`shareroute.${reason}.text`)}</Text>
          </Stack>
        </Paper>
      </Center>
    );
  }

  return (
    <div style={{ position: "fixed", inset: 0 }} data-testid="shared-route">
      <div ref={container} style={{ position: "absolute", inset: 0 }} />
      {shared.isPending && (
        <Center style={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
          <Loader size="sm" />
        </Center>
      )}
      {shared.data && (
        <Paper
          shadow="md"
          p="sm"
          style={{
            position: "absolute",
            top: 12,
            left: 12,
            zIndex: 3,
            maxWidth: "min(360px, calc(100% - 24px))",
          }}
        >
          <Stack gap={6}>
            <Text fw={700}>{t("shareroute.title")}</Text>
            <Text size="xs" c="dimmed" data-testid="shared-expires">
              {t("shareroute.validUntil", {
                date: formatDateTime(shared.data.expiresTs, shared.data.timezone),
              })}
            </Text>
            {shared.data.items.length === 0 && <Alert color="gray">{t("shareroute.noItems")}</Alert>}
            {shared.data.items.map((item, index) => (
              <Group
                key={`${item.itemType}:${item.itemId}`}
                gap="xs"
                wrap="nowrap"
                data-testid="shared-item"
                data-name={item.name}
                data-lat={item.pos?.lat ?? ""}
                data-lng={item.pos?.lng ?? ""}
              >
                <span
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 5,
                    background: sharedColor(index),
                    flex: "none",
                  }}
                />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {item.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.pos
                      ? `${formatDateTime(item.pos.ts, shared.data.timezone)} · ${Math.round(item.pos.spd)} km/h`
                      : t("shareroute.noPosition")}
                  </Text>
                </Stack>
                {item.pos && item.pos.spd > 3 && (
                  <Badge size="xs" color="teal" variant="light">
                    {t("shareroute.moving")}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
