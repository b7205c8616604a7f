import { Button } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import type { CsvKind, ImportResult } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImportDialog } from "./import-dialog.tsx";

interface Props {
  kind: CsvKind;
  /** The kind's import call (see ImportDialog). */
  run(csv: string, commit: boolean): Promise<ImportResult>;
  /** After rows were written: reload the list. */
  onDone(): void;
  "data-testid"?: string;
}

/** The Import button of a management list's toolbar, with the CSV import dialog it opens. */
export function ImportButton({ kind, run, onDone, "data-testid": testId }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} />}
        onClick={() => setOpened(true)}
        data-testid={testId}
      >
        {t("imports.import")}
      </Button>
      <ImportDialog kind={kind} run={run} opened={opened} onClose={() => setOpened(false)} onDone={onDone} />
    </>
  );
}
