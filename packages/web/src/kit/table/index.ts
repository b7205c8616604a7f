/** The generic table other screens reuse (alarms, places, management). Keep this surface stable. */
export { BulkDeleteModal } from "./bulk-delete-modal.tsx";
export { type DataColumn, DataTable, type DataTableProps, type RowAction } from "./data-table.tsx";
export { DeleteConfirmModal } from "./delete-confirm-modal.tsx";
export { buildExport, downloadFile, type ExportFormat } from "./export.ts";
export {
  type CellValue,
  csvSeparator,
  DEFAULT_PAGE_SIZE,
  exportCreatedAt,
  exportFileName,
  PAGE_SIZES,
  type SortState,
} from "./logic.ts";
export { PageSizeSelect } from "./page-size-select.tsx";
