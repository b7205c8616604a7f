import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimezoneName } from "../../platform/session/preferences.tsx";
import { useSession } from "../../platform/session/session.ts";
import { siteLogo } from "../site-logo.ts";
import { buildExport, downloadFile, type ExportFormat } from "./export.ts";
import {
  csvSeparator,
  EXPORT_START_DELAY_MS,
  exportCreatedAt,
  exportMatrix,
  type ValueColumn,
} from "./logic.ts";

export interface ExportableColumn<Row> extends ValueColumn<Row> {
  header: string;
  exportable?: boolean;
}

/** Runs one export of the rows a table shows, with the busy flag and the error the table displays. */
export function useTableExport<Row>(options: {
  name: string;
  title: string;
  dateRange?: string;
  columns: readonly ExportableColumn<Row>[];
  shown: readonly Row[];
}) {
  const { t, i18n } = useTranslation();
  const { site } = useSession();
  const timezone = useTimezoneName();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);

  const runExport = (format: ExportFormat) => {
    setExporting(true);
    setExportError(false);
    // The overlay paints first; the heavy work starts after the spec's 200 ms.
    window.setTimeout(() => {
      const exported = options.columns.filter((c) => c.exportable !== false);
      const { header, body } = exportMatrix(options.shown, exported);
      const now = new Date();
      buildExport(
        format,
        {
          name: options.name,
          title: options.title,
          sitename: site.sitename,
          logoUrl: siteLogo(site.logoUrl),
          dateRange: options.dateRange,
          // The user's zone and the product's date format, not the browser's (was UTC in US format).
          createdAt: exportCreatedAt(now.getTime(), timezone),
          csvSeparator: csvSeparator(i18n.language),
          header,
          body,
          labels: { dateRange: t("table.dateRange"), created: t("table.created") },
        },
        now,
      )
        .then(downloadFile)
        .catch((error: unknown) => {
          console.error(error);
          setExportError(true);
        })
        .finally(() => setExporting(false));
    }, EXPORT_START_DELAY_MS);
  };

  return { exporting, exportError, clearExportError: () => setExportError(false), runExport };
}
