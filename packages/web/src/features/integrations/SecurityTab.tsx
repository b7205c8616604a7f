import { Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { devicesApi, twoFactorApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";

/**
 * The company's security policy: whether every user must sign in with an authenticator code, and whether every
 * device whose protocol can carry a key must present one.
 */
export function SecurityTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const otpKey = ["otp-policy", companyId];
  const deviceKeysKey = ["device-key-policy", companyId];
  const otp = useQuery({
    queryKey: otpKey,
    queryFn: () => api.call(twoFactorApi.companyPolicy, { params: { companyId } }),
  });
  const deviceKeys = useQuery({
    queryKey: deviceKeysKey,
    queryFn: () => api.call(devicesApi.keyPolicy, { params: { companyId } }),
  });
  const toggleOtp = async (required: boolean) => {
    const next = await api.call(twoFactorApi.setCompanyPolicy, { params: { companyId }, body: { required } });
    queryClient.setQueryData(otpKey, next);
    notifications.show({ color: "teal", message: t("integrations.saved") });
  };
  const toggleDeviceKeys = async (required: boolean) => {
    const next = await api.call(devicesApi.setKeyPolicy, { params: { companyId }, body: { required } });
    queryClient.setQueryData(deviceKeysKey, next);
    notifications.show({ color: "teal", message: t("integrations.saved") });
  };
  return (
    <Stack>
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Switch
            checked={otp.data?.required ?? false}
            disabled={otp.isPending}
            onChange={(e) => void toggleOtp(e.currentTarget.checked)}
            label={t("integrations.enforceOtp")}
            data-testid="enforce-otp"
          />
          <Text size="sm" c="dimmed">
            {t("integrations.enforceOtpHelp")}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Switch
            checked={deviceKeys.data?.required ?? false}
            disabled={deviceKeys.isPending}
            onChange={(e) => void toggleDeviceKeys(e.currentTarget.checked)}
            label={t("integrations.requireDeviceKeys")}
            data-testid="require-device-keys"
          />
          <Text size="sm" c="dimmed">
            {t("integrations.requireDeviceKeysHelp")}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
