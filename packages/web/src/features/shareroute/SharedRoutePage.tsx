import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { SHARE_REFRESH_MS, shareRoutesApi } from "@vigia/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { formatDateTime } from "../../kit/format/date.ts";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { SharedMap, sharedColor } from "./sharedMap.ts";

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /shareroute/{token}: public, no sign-in. Shows only the link's items (asked for every few seconds) and their
 * route since the link was made; an expired, revoked or unknown link shows a page that says so.
 */
export function SharedRoutePage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const container = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<SharedMap | null>(null);
  const shared = useQuery({
    queryKey: ["shareroute", token],
    queryFn: () => api.call(shareRoutesApi.view, { params: { token } }, { token: null, quiet: true }),
    refetchInterval: (query) => (query.state.error ? false : SHARE_REFRESH_MS),
    retry: false,
  });
  const failed = shared.error instanceof ApiError ? shared.error : null;

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
              {t("shareroute.validUntil", { date: formatDateTime(shared.data.expiresTs, browserZone) })}
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
                      ? `${formatDateTime(item.pos.ts, browserZone)} · ${Math.round(item.pos.spd)} km/h`
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
