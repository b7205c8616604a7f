import { Center, EmptyState, Paper } from "@mantine/core";
import { IconMap } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useCompany } from "../company/company.ts";

/**
 * Placeholder for the home route "/". The live map issue replaces this component (same name and path);
 * the shell only mounts it.
 */
export function LiveMapPage() {
  const { t } = useTranslation();
  const { info } = useCompany();
  return (
    <Center h="100%" mih={420} data-testid="live-map-placeholder">
      <Paper withBorder radius="md" p="xl" maw={560} w="100%">
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconMap size={34} stroke={1.5} />}
          title={t("routes.home")}
          description={t("map.placeholder", { company: info?.name ?? "" })}
        />
      </Paper>
    </Center>
  );
}
