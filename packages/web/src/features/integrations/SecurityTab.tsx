import { Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { twoFactorApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";

/** The company's security policy: whether every user must sign in with an authenticator code. */
export function SecurityTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ["otp-policy", companyId];
  const policy = useQuery({
    queryKey: key,
    queryFn: () => api.call(twoFactorApi.companyPolicy, { params: { companyId } }),
  });
  const toggle = async (required: boolean) => {
    const next = await api.call(twoFactorApi.setCompanyPolicy, { params: { companyId }, body: { required } });
    queryClient.setQueryData(key, next);
    notifications.show({ color: "teal", message: t("integrations.saved") });
  };
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Switch
          checked={policy.data?.required ?? false}
          disabled={policy.isPending}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          label={t("integrations.enforceOtp")}
          data-testid="enforce-otp"
        />
        <Text size="sm" c="dimmed">
          {t("integrations.enforceOtpHelp")}
        </Text>
      </Stack>
    </Paper>
  );
}
