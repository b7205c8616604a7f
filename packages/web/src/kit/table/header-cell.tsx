import { Table } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { DataColumn } from "./columns.ts";
import type { SortState } from "./logic.ts";

/**
 * Room on a sortable header's right for its sort icon, which sits there rather than widening the column (the
 * table's header cells are sticky, so they hold the icon's absolute position).
 */
const SORT_ICON_ROOM = 18;

/**
 * A column header that sorts on click and shows the current direction. Its words wrap, in a smaller type than
 * the values, so a long header does not make its column much wider than the values under it need.
 */
export function HeaderCell<Row>({
  column,
  sort,
  onSort,
}: {
  column: DataColumn<Row>;
  sort: SortState | null;
  onSort: (key: string) => void;
}) {
  if (column.sortable === false)
    return (
      <Table.Th w={column.width} fz="xs">
        {column.header}
      </Table.Th>
    );
  const active = sort?.key === column.key;
  const Icon = !active ? IconArrowsSort : sort?.dir === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th
      w={column.width}
      fz="xs"
      pr={SORT_ICON_ROOM}
      style={{ cursor: "pointer", userSelect: "none" }}
      onClick={() => onSort(column.key)}
      data-testid={`table-sort-${column.key}`}
    >
      {column.header}
      <Icon
        size={14}
        opacity={active ? 1 : 0.4}
        style={{ position: "absolute", right: 2, top: "50%", transform: "translateY(-50%)" }}
      />
    </Table.Th>
  );
}
