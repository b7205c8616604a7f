import { Button, FileButton, Group, Text } from "@mantine/core";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import { CSV_COLUMNS, CSV_EXAMPLES, type CsvKind } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../table/index.ts";

interface Props {
  kind: CsvKind;
  onFile(file: File | null): void;
  /** A file is being read: no other may be chosen meanwhile. */
  reading?: boolean;
  fileTestId?: string;
}

/** The start of a CSV import: which columns the file has, the file chooser and an example file to download. */
export function CsvPicker({ kind, onFile, reading, fileTestId }: Props) {
  const { t } = useTranslation();
  const example = () =>
    downloadFile({
      fileName: `example_${kind}.csv`,
      blob: new Blob([CSV_EXAMPLES[kind]], { type: "text/csv" }),
    });
  return (
    <>
      <Text size="sm" c="dimmed">
        {t("imports.help", { columns: CSV_COLUMNS[kind].join(", ") })}
      </Text>
      <Group>
        <FileButton onChange={onFile} accept=".csv,text/csv">
          {(props) => (
            <Button
              leftSection={<IconUpload size={16} />}
              {...props}
              data-testid={fileTestId}
              disabled={reading}
            >
              {t("imports.choose")}
            </Button>
          )}
        </FileButton>
        <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={example}>
          {t("imports.example")}
        </Button>
      </Group>
    </>
  );
}
