import { Alert, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { IconBellRinging } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { alarmsApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import {
  PushSetupError,
  pushPermission,
  pushSupported,
  subscribeBrowser,
  unsubscribeBrowser,
} from "../../platform/push/web-push.ts";
import { pushEndpointQuery } from "./api.ts";

/**
 * "Notifications on this browser": subscribes this browser to the company's alarm notices through the
 * service worker, so they arrive while no tab is open. Per browser, not per account: another browser of
 * the same user has its own switch.
 */
export function PushNotificationsCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const endpoint = useQuery(pushEndpointQuery());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = pushSupported();
  const blocked = supported && pushPermission() === "denied";
  const params = { companyId };

  const turnOn = async () => {
    const { publicKey } = await api.call(alarmsApi.pushKey, { params }, { quiet: true });
    if (!publicKey) throw new PushSetupError("failed");
    const subscription = await subscribeBrowser(publicKey);
    await api.call(alarmsApi.pushSubscribe, { params, body: subscription }, { quiet: true });
    return subscription.endpoint;
  };
  const turnOff = async () => {
    const was = await unsubscribeBrowser();
    if (was) await api.call(alarmsApi.pushUnsubscribe, { params, body: { endpoint: was } }, { quiet: true });
    return null;
  };
  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(pushEndpointQuery().queryKey, await (on ? turnOn() : turnOff()));
    } catch (e) {
      if (e instanceof PushSetupError) setError(t(`webPush.error.${e.reason}`));
      else setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" data-testid="push-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBellRinging size={18} />
          <Text fw={600}>{t("webPush.title")}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t("webPush.help")}
        </Text>
        <Switch
          label={t("webPush.toggle")}
          checked={!!endpoint.data}
          disabled={!supported || busy || endpoint.isPending}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          data-testid="push-toggle"
        />
        {!supported ? <Alert color="gray">{t("webPush.unsupported")}</Alert> : null}
        {blocked ? <Alert color="yellow">{t("webPush.blocked")}</Alert> : null}
        {error ? (
          <Alert color="red" data-testid="push-error">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
