import { Button } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GeometryImportDialog } from "./geometry-import-dialog.tsx";

/** Opens the geometry CSV import (POIs and geozones) from the places lists. */
export function ImportPlacesButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileImport size={14} />}
        data-testid="import-places"
        onClick={() => setOpened(true)}
      >
        {t("imports.import")}
      </Button>
      <GeometryImportDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
