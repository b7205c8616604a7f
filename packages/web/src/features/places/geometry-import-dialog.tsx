import { Alert, Button, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import {
  CSV_COLUMNS,
  type GeometryRow,
  groupNameIndex,
  placesApi,
  splitRows,
  validateGeometryRow,
} from "@vigia/domain";
import Papa from "papaparse";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CsvPicker } from "../../kit/import/csv-picker.tsx";
import { ImportErrorsTable } from "../../kit/import/import-errors-table.tsx";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyRows, useRefreshCompany } from "../../platform/company/index.ts";

interface Checked {
  valid: { line: number; value: GeometryRow }[];
  errors: { line: number; key: string; errors: string[] }[];
}

/**
 * Bulk import of POIs and geozones from one CSV (kind,name,lat,lng,radius,color,group): every
 * line is checked here with the shared rules; on confirmation the valid lines go to the places API
 * (POST pois/import and geozones/import with commit), which writes each kind in one transaction.
 * Mount it on a places screen: <GeometryImportDialog opened onClose={…} />.
 */
export function GeometryImportDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { companyId } = useCompany();
  const refresh = useRefreshCompany();
  const groups = useCompanyRows("groups");
  const [progress, setProgress] = useState<number | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const read = (file: File | null) => {
    if (!file) return;
    setError(null);
    setSummary(null);
    setProgress(0);
    const records: string[][] = [];
    Papa.parse<string[]>(file, {
      chunkSize: 256 * 1024,
      chunk: (results) => {
        records.push(...results.data);
        setProgress(Math.round(((results.meta.cursor ?? 0) / file.size) * 100));
      },
      complete: () => {
        setProgress(null);
        if ((records[0]?.length ?? 0) !== CSV_COLUMNS.geometries.length) {
          setError(t("imports.wrongColumns", { columns: CSV_COLUMNS.geometries.join(", ") }));
          return;
        }
        const index = groupNameIndex(groups);
        const { rows, errors } = splitRows("geometries", records);
        const out: Checked = { valid: [], errors: errors.map((e) => ({ ...e, key: "" })) };
        for (const row of rows) {
          const result = validateGeometryRow(row.cells, index);
          if (result.ok) out.valid.push({ line: row.line, value: result.value });
          else out.errors.push({ line: row.line, key: row.cells[1] ?? "", errors: result.errors });
        }
        out.errors.sort((a, b) => a.line - b.line);
        setChecked(out);
      },
    });
  };

  const commit = async () => {
    if (!checked) return;
    setProgress(95);
    try {
      let inserted = 0;
      let failed = checked.errors.length;
      for (const kind of ["poi", "geozone"] as const) {
        const rows = checked.valid
          .filter((r) => r.value.kind === kind)
          .map((r) => ({
            name: r.value.name,
            lat: r.value.lat,
            lng: r.value.lng,
            radius: r.value.radius,
            color: r.value.color,
            group: r.value.groupId,
          }));
        if (rows.length === 0) continue;
        const contract = kind === "poi" ? placesApi.importPois : placesApi.importGeozones;
        const result = await api.call(
          contract,
          { params: { companyId: companyId ?? 0 }, body: { rows, commit: true } },
          { quiet: true },
        );
        inserted += result.inserted.length;
        failed += result.notInserted.length;
      }
      setSummary(t("imports.committed", { inserted, updated: 0, failed }));
      setChecked(null);
      await refresh(["pois", "geozones"]);
    } catch (e) {
      setError(e instanceof ApiError ? e.description : t("errors.tryAgain"));
    } finally {
      setProgress(null);
    }
  };

  const close = () => {
    setChecked(null);
    setSummary(null);
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t("imports.title.geometries")} size="lg" centered>
      <Stack data-testid="geometry-import-dialog">
        <CsvPicker kind="geometries" onFile={read} />
        {progress !== null ? <Progress value={progress} animated /> : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        {summary ? <Text size="sm">{summary}</Text> : null}
        {checked ? (
          <>
            <Text size="sm">
              {t("imports.checked", {
                total: checked.valid.length + checked.errors.length,
                valid: checked.valid.length,
                failed: checked.errors.length,
              })}
            </Text>
            {checked.errors.length > 0 ? <ImportErrorsTable rows={checked.errors} /> : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("table.cancel")}
          </Button>
          {checked ? (
            <Button disabled={checked.valid.length === 0} onClick={() => void commit()}>
              {t("imports.confirm", { count: checked.valid.length })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
