import { Center, EmptyState, Paper } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { iconFor } from "./routeIcons.tsx";

/** Honest placeholder for a screen that a later issue delivers. */
export function NotAvailablePage({ routeKey }: { routeKey: string }) {
  const { t } = useTranslation();
  const Icon = iconFor(routeKey);
  return (
    <Center h="100%" mih={420} data-testid={`not-available-${routeKey}`}>
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <EmptyState
          variant="light"
          size="lg"
          icon={<Icon size={34} stroke={1.5} />}
          title={t(`routes.${routeKey}`)}
          description={t("notAvailable.description")}
        />
      </Paper>
    </Center>
  );
}
