import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Menu,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconArrowsSort,
  IconDownload,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from "@tabler/icons-react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { canWrite } from "@vigia/domain";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../platform/session/session.ts";
import { siteLogo } from "../siteLogo.ts";
import { BulkDeleteModal } from "./BulkDeleteModal.tsx";
import { buildExport, downloadFile, type ExportFormat } from "./export.ts";
import {
  cellText,
  createActionGuard,
  DEFAULT_PAGE_SIZE,
  EXPORT_START_DELAY_MS,
  exportMatrix,
  filterRows,
  nextSort,
  PAGE_SIZES,
  pageInfo,
  ROW_ACTION_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  type SortState,
  sortRows,
  type ValueColumn,
} from "./logic.ts";

export interface DataColumn<Row> extends ValueColumn<Row> {
  header: string;
  /** Cell content; defaults to the text of `value`. */
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Left out of xlsx/csv/pdf (for instance a colour swatch). */
  exportable?: boolean;
  width?: number | string;
}

export interface RowAction<Row> {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: (row: Row) => void;
  /** Per-row visibility (the device list shows different buttons per assignment). */
  visible?: (row: Row) => boolean;
}

export interface DataTableProps<Row> {
  /** Export file names: report_{name}_{date}. */
  name: string;
  title: string;
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

/** The generic management table of spec 02 §2: sort, page, search, select, delete, export. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { user, site } = useSession();
  const readOnly = props.readOnly ?? (user ? !canWrite(user, "general") : true);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState | null>(props.initialSort ?? null);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string | number>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);
  const guard = useMemo(() => createActionGuard(ROW_ACTION_DEBOUNCE_MS), []);
  const scrollRef = useRef<HTMLDivElement>(null);

  const { columns, rows, rowKey } = props;
  const shown = useMemo(
    () => sortRows(filterRows(rows, columns, debounced), columns, sort),
    [rows, columns, debounced, sort],
  );
  const info = pageInfo(shown.length, size, page);
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

  const actions = readOnly ? [] : (props.actions ?? []);
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

  const runExport = (format: ExportFormat) => {
    setExporting(true);
    setExportError(false);
    // The overlay paints first; the heavy work starts after the spec's 200 ms.
    window.setTimeout(() => {
      const exported = columns.filter((c) => c.exportable !== false);
      const { header, body } = exportMatrix(shown, exported);
      const now = new Date();
      buildExport(
        format,
        {
          name: props.name,
          title: props.title,
          sitename: site.sitename,
          logoUrl: siteLogo(site.logoUrl),
          dateRange: props.dateRange,
          createdAt: now.toLocaleString(),
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

  const selectedRows = () => rows.filter((r) => selected.has(rowKey(r)));

  return (
    <Stack gap="sm" data-testid={`table-${props.name}`} pos="relative">
      <LoadingOverlay
        visible={exporting || (props.loading ?? false)}
        zIndex={200}
        data-testid="table-overlay"
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={3}>{props.title}</Title>
        <Group gap="xs" wrap="wrap">
          <TextInput
            placeholder={t("common.search")}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={220}
            data-testid="table-search"
          />
          {selectable && selected.size > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
              data-testid="table-delete-selected"
            >
              {t("table.deleteSelected", { count: selected.size })}
            </Button>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />} data-testid="table-export">
                {t("table.export")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(["xlsx", "csv", "pdf"] as const).map((format) => (
                <Menu.Item
                  key={format}
                  onClick={() => runExport(format)}
                  data-testid={`table-export-${format}`}
                >
                  {t(`table.format.${format}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {readOnly ? null : props.toolbar}
        </Group>
      </Group>
      {exportError ? (
        <Alert
          color="red"
          withCloseButton
          onClose={() => setExportError(false)}
          data-testid="table-export-error"
        >
          {t("errors.tryAgain")}
        </Alert>
      ) : null}
      <Paper withBorder p={0}>
        <div ref={scrollRef} style={{ maxHeight: props.height ?? "calc(100vh - 260px)", overflow: "auto" }}>
          <Table
            stickyHeader
            highlightOnHover
            verticalSpacing={8}
            horizontalSpacing="sm"
            miw={colCount * 110}
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
                {actions.length > 0 ? <Table.Th ta="right">{t("table.actions")}</Table.Th> : null}
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
                      <Table.Td key={c.key}>{c.render ? c.render(row) : cellText(c.value(row))}</Table.Td>
                    ))}
                    {actions.length > 0 ? (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {actions
                            .filter((a) => a.visible?.(row) ?? true)
                            .map((a) => (
                              <Tooltip key={a.key} label={a.label} withinPortal>
                                <ActionIcon
                                  variant="subtle"
                                  color={a.color ?? "gray"}
                                  aria-label={a.label}
                                  data-testid={`row-action-${a.key}`}
                                  onClick={() => guard(() => a.onClick(row))}
                                >
                                  {a.icon}
                                </ActionIcon>
                              </Tooltip>
                            ))}
                        </Group>
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
          <Select
            aria-label={t("table.rowsPerPage")}
            data={PAGE_SIZES.map((s) => String(s))}
            value={String(size)}
            onChange={(v) => v && setSize(Number(v))}
            w={80}
            size="xs"
            allowDeselect={false}
            data-testid="table-page-size"
          />
        </Group>
        <Pagination total={info.pages} value={info.page} onChange={setPage} size="sm" />
      </Group>
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

function HeaderCell<Row>({
  column,
  sort,
  onSort,
}: {
  column: DataColumn<Row>;
  sort: SortState | null;
  onSort: (key: string) => void;
}) {
  if (column.sortable === false) return <Table.Th w={column.width}>{column.header}</Table.Th>;
  const active = sort?.key === column.key;
  const Icon = !active ? IconArrowsSort : sort?.dir === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th w={column.width}>
      <Group
        gap={4}
        wrap="nowrap"
        style={{ cursor: "pointer", userSelect: "none" }}
        onClick={() => onSort(column.key)}
        data-testid={`table-sort-${column.key}`}
      >
        <span>{column.header}</span>
        <Icon size={14} opacity={active ? 1 : 0.4} />
      </Group>
    </Table.Th>
  );
}
