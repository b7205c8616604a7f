import { Anchor, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../platform/session/session.ts";
import { termsQuery } from "./api.ts";
import { HelpMarkdown } from "./help-markdown.tsx";

/**
 * /useterms: the site's own terms of use when configured, else the default terms shipped in every language; then
 * the brand's privacy text and its support contacts, where the brand gives them.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const { site } = useSession();
  const terms = useQuery(termsQuery());
  const data = terms.data;
  return (
    <Stack p="md" maw={860} w="100%" mx="auto" data-testid="terms-page">
      <Paper withBorder p="lg">
        {terms.isPending ? (
          <Loader />
        ) : data?.terms ? (
          <HelpMarkdown source={data.terms} />
        ) : (
          <Stack gap="sm" data-testid="terms-default">
            <Title order={2}>{t("terms.title")}</Title>
            {(["use", "data", "accounts", "availability", "changes"] as const).map((k) => (
              <Text key={k}>{t(`terms.default.${k}`, { site: site.sitename })}</Text>
            ))}
          </Stack>
        )}
      </Paper>
      {data?.privacy ? (
        <Paper withBorder p="lg" data-testid="terms-privacy">
          <Title order={2} mb="sm">
            {t("terms.privacy")}
          </Title>
          <HelpMarkdown source={data.privacy} />
        </Paper>
      ) : null}
      {data && (data.supportEmail || data.supportPhone) ? (
        <Paper withBorder p="lg" data-testid="terms-support">
          <Title order={2} mb="sm">
            {t("terms.support")}
          </Title>
          {data.supportEmail ? (
            <Text>
              {t("terms.email")}: <Anchor href={`mailto:${data.supportEmail}`}>{data.supportEmail}</Anchor>
            </Text>
          ) : null}
          {data.supportPhone ? (
            <Text>
              {t("terms.phone")}: <Anchor href={`tel:${data.supportPhone}`}>{data.supportPhone}</Anchor>
            </Text>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
