import { Checkbox, Group, LoadingOverlay, Pagination, Paper, Stack, Table, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useVirtualizer } from "@tanstack/react-virtual";
import { canWrite } from "@vigia/domain";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../platform/session/session.ts";
import { BulkDeleteModal } from "./bulk-delete-modal.tsx";
import { CellContent } from "./cell-content.tsx";
import type { DataColumn, RowAction } from "./columns.ts";
import { HeaderCell } from "./header-cell.tsx";
import {
  cellText,
  createActionGuard,
  DEFAULT_PAGE_SIZE,
  filterRows,
  nextSort,
  pageInfo,
  ROW_ACTION_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  type SortState,
  sortRows,
} from "./logic.ts";
import { PageSizeSelect } from "./page-size-select.tsx";
import { useRowActions } from "./row-actions.tsx";
import { TableToolbar } from "./table-toolbar.tsx";
import { useTableExport } from "./use-table-export.ts";

export type { DataColumn, RowAction };

export interface DataTableProps<Row> {
  /** Export file names: report_{name}_{date}. */
  name: string;
  title: string;
  /** What the list is for, in a line above it. */
  intro?: ReactNode;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly DataColumn<Row>[];
  actions?: readonly RowAction<Row>[];
  /** Enables mass selection and bulk delete (only for users who may write). */
  onDeleteSelected?: (rows: Row[]) => Promise<void>;
  /** Extra buttons next to the search, e.g. "New" and "Import"; hidden for read-only users. */
  toolbar?: ReactNode;
  /** Override the read-only decision (defaults to the signed-in user's general write permission). */
  readOnly?: boolean;
  loading?: boolean;
  /** Formatted range for the PDF header, for tables of a period. */
  dateRange?: string;
  initialSort?: SortState;
  /** Height of the scrolling body; rows outside it are not drawn. */
  height?: number | string;
}

const ROW_HEIGHT = 41;
/**
 * The narrowest a column gets before the table scrolls inside its frame (never the page): columns otherwise
 * take the width their content needs, text wrapping and cut (`CellContent`), so a wide table fits 1440 px.
 */
const MIN_COLUMN_WIDTH = 64;

/**
 * The actions column stays at the right edge of the scrolled table, so wide tables keep their row buttons
 * reachable; its background covers the cells scrolling under it.
 */
const STICKY_ACTIONS = {
  position: "sticky",
  right: 0,
  zIndex: 1,
  background: "var(--mantine-color-body)",
  boxShadow: "-6px 0 6px -6px rgba(0, 0, 0, 0.25)",
} as const;

/** The generic management table: sort, page, search, select, delete, export. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { user } = useSession();
  const readOnly = props.readOnly ?? (user ? !canWrite(user, "general") : true);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState | null>(props.initialSort ?? null);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const guard = useMemo(() => createActionGuard(ROW_ACTION_DEBOUNCE_MS), []);
  const rowActions = useRowActions<Row>(guard);
  const scrollRef = useRef<HTMLDivElement>(null);

  const { columns, rows, rowKey } = props;
  const shown = useMemo(
    () => sortRows(filterRows(rows, columns, debounced), columns, sort),
    [rows, columns, debounced, sort],
  );
  const info = pageInfo(shown.length, size, page);
  const { exporting, exportError, clearExportError, runExport } = useTableExport({
    name: props.name,
    title: props.title,
    dateRange: props.dateRange,
    columns,
    shown,
  });
  const pageRows = useMemo(() => shown.slice(info.from, info.to), [shown, info.from, info.to]);

  // A new search or page size starts again from the first page.
  useEffect(() => setPage(1), [debounced, size]);
  // Drop selections of rows that no longer exist (deleted or reloaded).
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      const keys = new Set(rows.map(rowKey));
      const kept = [...current].filter((k) => keys.has(k));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows, rowKey]);

  const virtualizer = useVirtualizer({
    count: pageRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  // Without layout (first paint, tests) draw the first rows rather than nothing.
  const drawn =
    items.length > 0
      ? items
      : pageRows.slice(0, 30).map((_, index) => ({ index, start: index * ROW_HEIGHT }));
  const padTop = items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const padBottom =
    items.length > 0 ? virtualizer.getTotalSize() - ((items[items.length - 1]?.start ?? 0) + ROW_HEIGHT) : 0;

  const actions = readOnly ? (props.actions ?? []).filter((a) => a.read) : (props.actions ?? []);
  const selectable = !readOnly && props.onDeleteSelected !== undefined;
  const colCount = columns.length + (actions.length > 0 ? 1 : 0) + (selectable ? 1 : 0);
  const shownKeys = useMemo(() => shown.map(rowKey), [shown, rowKey]);
  const allSelected = shownKeys.length > 0 && shownKeys.every((k) => selected.has(k));
  const someSelected = !allSelected && shownKeys.some((k) => selected.has(k));

  const toggle = (key: string | number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const selectedRows = () => rows.filter((r) => selected.has(rowKey(r)));

  return (
    <Stack gap="sm" data-testid={`table-${props.name}`} pos="relative">
      <LoadingOverlay
        visible={exporting || (props.loading ?? false)}
        zIndex={200}
        data-testid="table-overlay"
      />
      {props.intro ? (
        <Text size="sm" c="dimmed">
          {props.intro}
        </Text>
      ) : null}
      <TableToolbar
        title={props.title}
        search={search}
        onSearch={setSearch}
        selectedCount={selected.size}
        onDeleteSelected={selectable ? () => setDeleting(true) : null}
        onExport={runExport}
        exportError={exportError}
        onCloseExportError={clearExportError}
        extra={readOnly ? null : props.toolbar}
      />
      <Paper withBorder p={0}>
        <div
          ref={scrollRef}
          style={{ maxHeight: props.height ?? "calc(100vh - 260px)", overflow: "auto" }}
          data-testid="table-scroll"
        >
          <Table
            stickyHeader
            highlightOnHover
            verticalSpacing={8}
            horizontalSpacing="xs"
            miw={colCount * MIN_COLUMN_WIDTH}
          >
            <Table.Thead>
              <Table.Tr>
                {selectable ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t("table.selectAll")}
                      checked={allSelected}
                      indeterminate={someSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(shownKeys))}
                      data-testid="table-select-all"
                    />
                  </Table.Th>
                ) : null}
                {columns.map((c) => (
                  <HeaderCell
                    key={c.key}
                    column={c}
                    sort={sort}
                    onSort={(key) => setSort(nextSort(sort, key))}
                  />
                ))}
                {actions.length > 0 ? (
                  <Table.Th ta="right" fz="xs" style={STICKY_ACTIONS}>
                    {t("table.actions")}
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {padTop > 0 ? <tr style={{ height: padTop }} /> : null}
              {drawn.map(({ index }) => {
                const row = pageRows[index];
                if (row === undefined) return null;
                const key = rowKey(row);
                return (
                  <Table.Tr key={key} data-testid="table-row" style={{ height: ROW_HEIGHT }}>
                    {selectable ? (
                      <Table.Td>
                        <Checkbox
                          aria-label={t("table.select")}
                          checked={selected.has(key)}
                          onChange={() => toggle(key)}
                          data-testid="table-select"
                        />
                      </Table.Td>
                    ) : null}
                    {columns.map((c) => (
                      <Table.Td key={c.key}>
                        <CellContent content={c.render ? c.render(row) : cellText(c.value(row))} />
                      </Table.Td>
                    ))}
                    {actions.length > 0 ? (
                      <Table.Td style={STICKY_ACTIONS} data-testid="row-actions">
                        {rowActions.buttons(row, key, actions)}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
              {padBottom > 0 ? <tr style={{ height: padBottom }} /> : null}
              {shown.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={colCount}>
                    <Text c="dimmed" ta="center" py="lg">
                      {props.loading ? t("common.loading") : t("common.noResults")}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </div>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="table-count">
            {t("table.range", {
              from: shown.length === 0 ? 0 : info.from + 1,
              to: info.to,
              total: shown.length,
            })}
          </Text>
          <PageSizeSelect value={size} onChange={setSize} testId="table-page-size" />
        </Group>
        <Pagination total={info.pages} value={info.page} onChange={setPage} size="sm" />
      </Group>
      {rowActions.confirmModal}
      <BulkDeleteModal
        opened={deleting}
        count={selected.size}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await props.onDeleteSelected?.(selectedRows());
          setSelected(new Set());
          setDeleting(false);
        }}
      />
    </Stack>
  );
}
