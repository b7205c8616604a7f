import type { RouteAccess } from "@vigia/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { send } from "../forms/send.ts";
import type { DataColumn, RowAction } from "../table/index.ts";
import { CrudPage, useReadOnly } from "./crud-page.tsx";
import { removeRow } from "./remove-row.ts";

export interface CrudListProps<Row extends { id: number }> {
  name: string;
  title: string;
  /** What the list is for, in a line above it. */
  intro?: ReactNode;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  loading?: boolean;
  /** Label of a row in the delete confirmation; the row's name by default. */
  label: (row: Row) => string;
  /** Deletes one row on the server; why it failed is shown inside the delete confirmation. */
  remove: (row: Row) => Promise<unknown>;
  /** Deletes the selected rows in one call (bulk delete); one by one with `remove` without it. */
  removeMany?: (rows: Row[]) => Promise<unknown>;
  /** Reloads what a delete changed (tried even when the delete failed: the list may be stale). */
  afterDelete: () => Promise<void>;
  /**
   * The create (row null) or edit form, shown while editing; `close` hides it. `readOnly`: a read-only user
   * opened the row to look at it (the form shows it without Save).
   */
  form: (row: Row | null, close: () => void, readOnly: boolean) => ReactNode;
  /** Rows the caller may delete (default all): no delete icon where the server would only answer 403. */
  canDelete?: (row: Row) => boolean;
  extraActions?: readonly RowAction<Row>[];
  toolbar?: ReactNode;
  /** Opens a row for reading in the page's own view, instead of the form shown read-only. */
  onView?: (row: Row) => void;
  /** The user may not write these rows (defaults to `writeAccess`, else the user's general write permission). */
  readOnly?: boolean;
  /** Who may write these rows: the access of the list's write route. */
  writeAccess?: RouteAccess;
}

/**
 * A management list of rows with ids: the table with New, Edit and Delete, the form it opens, and the
 * delete call followed by a reload. The screens only say which rows, which columns, which form and which call.
 */
export function CrudList<Row extends { id: number }>(props: CrudListProps<Row>) {
  const { t } = useTranslation();
  const { remove, removeMany, afterDelete, form, onView, readOnly: given, writeAccess, ...page } = props;
  const readOnly = useReadOnly(given, writeAccess);
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const close = () => setEditing(null);
  return (
    <>
      <CrudPage
        {...page}
        rowKey={(r) => r.id}
        readOnly={readOnly}
        onNew={() => setEditing("new")}
        onEdit={(r) => setEditing(r)}
        onView={onView ?? ((r) => setEditing(r))}
        onDelete={(r) => removeRow(() => remove(r), afterDelete, t)}
        onDeleteMany={
          removeMany
            ? async (rows) => {
                // The bulk dialog has closed by then: a failure opens the common error dialog.
                await send(() => removeMany(rows));
                await afterDelete();
              }
            : undefined
        }
      />
      {editing !== null ? form(editing === "new" ? null : editing, close, readOnly) : null}
    </>
  );
}
