import { Alert, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { IconHelpCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../platform/session/session.ts";
import { HelpMarkdown } from "./help-markdown.tsx";
import { helpPage } from "./help-pages.ts";

/** /help/:param: a help page in the user's language (English when it is not translated). */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const { param = "" } = useParams();
  const { site } = useSession();
  const page = helpPage(param, i18n.resolvedLanguage ?? i18n.language ?? "en");
  return (
    <Stack p="md" maw={860} w="100%" mx="auto" data-testid="help-page">
      {page === null ? (
        <Paper withBorder p="xl" data-testid="help-missing">
          <Stack align="center" gap="sm">
            <IconHelpCircle size={40} stroke={1.4} />
            <Title order={3}>{t("help.missingTitle")}</Title>
            <Text c="dimmed" ta="center">
              {t("help.missingText", { page: param })}
            </Text>
            <Button component={Link} to="/help/web" variant="light">
              {t("help.backToWeb")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          {page.fallback ? (
            <Alert color="gray" data-testid="help-fallback">
              {t("help.fallback")}
            </Alert>
          ) : null}
          <Paper withBorder p="lg">
            {/* The manual names the product as the site's brand does. */}
            <HelpMarkdown source={page.text.replaceAll("{{product}}", site.productName)} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
