import { Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { devicesApi, twoFactorApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { deviceKeyPolicyQuery, otpPolicyQuery } from "./api.ts";

type Policy = { required: boolean };

/** One company rule switched on or off, read from and saved to its own route. */
function PolicySwitch<Key extends readonly unknown[]>(props: {
  query: UseQueryOptions<Policy, Error, Policy, Key> & { queryKey: Key };
  save: (required: boolean) => Promise<Policy>;
  label: string;
  help: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery(props.query);
  const toggle = async (required: boolean) => {
    queryClient.setQueryData<Policy>(props.query.queryKey, await props.save(required));
    notifications.show({ color: "teal", message: t("integrations.saved") });
  };
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs">
        <Switch
          checked={policy.data?.required ?? false}
          disabled={policy.isPending}
          onChange={(e) => void toggle(e.currentTarget.checked)}
          label={props.label}
          data-testid={props.testId}
        />
        <Text size="sm" c="dimmed">
          {props.help}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The company's security policy: whether every user must sign in with an authenticator code, and whether every
 * device whose protocol can carry a key must present one.
 */
export function SecurityTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const params = { companyId };
  return (
    <Stack>
      <PolicySwitch
        query={otpPolicyQuery(companyId)}
        save={(required) => api.call(twoFactorApi.setCompanyPolicy, { params, body: { required } })}
        label={t("integrations.enforceOtp")}
        help={t("integrations.enforceOtpHelp")}
        testId="enforce-otp"
      />
      <PolicySwitch
        query={deviceKeyPolicyQuery(companyId)}
        save={(required) => api.call(devicesApi.setKeyPolicy, { params, body: { required } })}
        label={t("integrations.requireDeviceKeys")}
        help={t("integrations.requireDeviceKeysHelp")}
        testId="require-device-keys"
      />
    </Stack>
  );
}
