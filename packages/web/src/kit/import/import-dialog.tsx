import { Alert, Button, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { CSV_COLUMNS, type CsvKind, type ImportResult } from "@vigia/domain";
import Papa from "papaparse";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { CsvPicker } from "./csv-picker.tsx";
import { ImportErrorsTable } from "./import-errors-table.tsx";

interface Props {
  kind: CsvKind;
  /**
   * Sends the file to the kind's import call: without commit the server only checks it; with commit it
   * writes the valid rows. Errors are shown here, so the call should be quiet.
   */
  run(csv: string, commit: boolean): Promise<ImportResult>;
  opened: boolean;
  onClose(): void;
  onDone(): void;
}

type Stage =
  | { name: "pick" }
  | { name: "reading"; percent: number }
  | { name: "checked"; result: ImportResult; csv: string }
  | { name: "done"; result: ImportResult };

/**
 * Bulk CSV import: the file is read with papaparse (progress bar, column check), the server
 * validates every row and commits nothing until the user confirms; then the valid rows go in one transaction.
 */
export function ImportDialog({ kind, run, opened, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ name: "pick" });
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setStage({ name: "pick" });
    setError(null);
    onClose();
  };

  const read = (file: File | null) => {
    if (!file) return;
    setError(null);
    setStage({ name: "reading", percent: 0 });
    let header: string[] | null = null;
    Papa.parse<string[]>(file, {
      skipEmptyLines: true,
      chunkSize: 256 * 1024,
      chunk: (results) => {
        header ??= results.data[0] ?? null;
        setStage({
          name: "reading",
          percent: Math.min(90, Math.round(((results.meta.cursor ?? 0) / file.size) * 90)),
        });
      },
      complete: () => {
        if (!header || header.length !== CSV_COLUMNS[kind].length) {
          setError(t("imports.wrongColumns", { columns: CSV_COLUMNS[kind].join(", ") }));
          setStage({ name: "pick" });
          return;
        }
        void file.text().then((csv) => check(csv));
      },
      error: () => {
        setError(t("errors.tryAgain"));
        setStage({ name: "pick" });
      },
    });
  };

  const check = async (csv: string) => {
    try {
      const result = await run(csv, false);
      setStage({ name: "checked", result, csv });
    } catch (e) {
      setError(e instanceof ApiError ? `${t("imports.failed")}: ${e.description}` : t("errors.tryAgain"));
      setStage({ name: "pick" });
    }
  };

  const commit = async (csv: string) => {
    setStage({ name: "reading", percent: 95 });
    try {
      const result = await run(csv, true);
      setStage({ name: "done", result });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.description : t("errors.tryAgain"));
      setStage({ name: "pick" });
    }
  };

  const result = stage.name === "checked" || stage.name === "done" ? stage.result : null;
  return (
    <Modal opened={opened} onClose={close} title={t(`imports.title.${kind}`)} size="lg" centered>
      <Stack data-testid="import-dialog">
        <CsvPicker kind={kind} onFile={read} reading={stage.name === "reading"} fileTestId="import-file" />
        {stage.name === "reading" ? (
          <Progress value={stage.percent} animated data-testid="import-progress" />
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        {result ? (
          <>
            <Text size="sm" data-testid="import-summary">
              {stage.name === "done"
                ? t("imports.committed", {
                    inserted: result.inserted.length,
                    updated: result.updated.length,
                    failed: result.notInserted.length,
                  })
                : t("imports.checked", {
                    total: result.total,
                    valid: result.valid,
                    failed: result.errors.length,
                  })}
            </Text>
            {result.errors.length > 0 ? <ImportErrorsTable rows={result.notInserted} /> : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {stage.name === "done" ? t("common.accept") : t("table.cancel")}
          </Button>
          {stage.name === "checked" ? (
            <Button
              disabled={stage.result.valid === 0}
              onClick={() => void commit(stage.csv)}
              data-testid="import-confirm"
            >
              {t("imports.confirm", { count: stage.result.valid })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
