import { Alert, Badge, Group, Paper, Switch, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { twoFactorApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { resellerOtpPolicyQuery } from "./api.ts";

/**
 * The reseller's two-step sign-in policy: when on, its own staff and every user of the companies it
 * serves must sign in with an authenticator code; whoever has none is taken through set-up at the next
 * sign-in. A company's own switch can add the requirement, never lift this one.
 */
export function ResellerTwoFactorCard({ resellerId }: { resellerId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const params = { resellerId };
  const policyQuery = resellerOtpPolicyQuery(resellerId);
  const policy = useQuery(policyQuery);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const required = policy.data?.required ?? false;

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await api.call(
        twoFactorApi.setResellerPolicy,
        { params, body: { required: next } },
        { quiet: true },
      );
      queryClient.setQueryData(policyQuery.queryKey, saved);
    } catch (e) {
      setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="reseller-otp-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconShieldLock size={20} />
          <div>
            <Text fw={600}>{t("resellerOtp.title")}</Text>
            <Text size="sm" c="dimmed">
              {t("resellerOtp.help")}
            </Text>
          </div>
        </Group>
        <Badge color={required ? "teal" : "gray"} style={{ flexShrink: 0 }}>
          {required ? t("resellerOtp.on") : t("resellerOtp.off")}
        </Badge>
      </Group>
      <Switch
        mt="sm"
        label={t("resellerOtp.toggle")}
        checked={required}
        disabled={busy || policy.isPending}
        onChange={(e) => void change(e.currentTarget.checked)}
        data-testid="reseller-otp-toggle"
      />
      {error ? (
        <Alert color="red" mt="sm">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
