import { Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { siteApi } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { useSession } from "../../platform/session/session.ts";
import { HelpMarkdown } from "./HelpMarkdown.tsx";

/** /useterms: the site's own terms of use when configured, else the default terms shipped in every language. */
export function TermsPage() {
  const { t } = useTranslation();
  const { site } = useSession();
  const terms = useQuery({ queryKey: ["site", "terms"], queryFn: () => api.call(siteApi.terms, {}) });
  return (
    <Stack p="md" maw={860} w="100%" mx="auto" data-testid="terms-page">
      <Paper withBorder p="lg">
        {terms.isPending ? (
          <Loader />
        ) : terms.data?.terms ? (
          <HelpMarkdown source={terms.data.terms} />
        ) : (
          <Stack gap="sm" data-testid="terms-default">
            <Title order={2}>{t("terms.title")}</Title>
            {(["use", "data", "accounts", "availability", "changes"] as const).map((k) => (
              <Text key={k}>{t(`terms.default.${k}`, { site: site.sitename })}</Text>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
