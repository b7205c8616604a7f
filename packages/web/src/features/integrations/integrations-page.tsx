import { Stack, Tabs, Title } from "@mantine/core";
import { IconKey, IconPlugConnected, IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../../platform/company/index.ts";
import { ApiKeysTab } from "./api-keys-tab.tsx";
import { ForwardingTab } from "./forwarding-tab.tsx";
import { SecurityTab } from "./security-tab.tsx";

/** /integrations (administrators): the company's two-step sign-in policy, API keys and data forwarding. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  if (companyId === null) return null;
  return (
    <Stack gap="md" p="md">
      <Title order={3}>{t("routes.integrations")}</Title>
      <Tabs defaultValue="apikeys" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="apikeys" leftSection={<IconKey size={16} />}>
            {t("integrations.apiKeys")}
          </Tabs.Tab>
          <Tabs.Tab
            value="forwarding"
            leftSection={<IconPlugConnected size={16} />}
            data-testid="tab-forwarding"
          >
            {t("integrations.forwarding")}
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} />} data-testid="tab-security">
            {t("integrations.security")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="apikeys" pt="md">
          <ApiKeysTab companyId={companyId} />
        </Tabs.Panel>
        <Tabs.Panel value="forwarding" pt="md">
          <ForwardingTab companyId={companyId} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="md">
          <SecurityTab companyId={companyId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
