import { Group, Table } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { DataColumn } from "./columns.ts";
import type { SortState } from "./logic.ts";

/** A column header that sorts on click and shows the current direction. */
export function HeaderCell<Row>({
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
