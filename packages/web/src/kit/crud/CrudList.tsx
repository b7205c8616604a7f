import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorText } from "../../platform/api/errorText.ts";
import { sendInline } from "../forms/send.ts";
import type { DataColumn, RowAction } from "../table/index.ts";
import { CrudPage } from "./CrudPage.tsx";

interface Props<Row extends { id: number }> {
  name: string;
  title: string;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  loading?: boolean;
  /** Label of a row in the delete confirmation; the row's name by default. */
  label: (row: Row) => string;
  /** Deletes one row on the server; why it failed is shown inside the delete confirmation. */
  remove: (row: Row) => Promise<unknown>;
  /** Reloads what a delete changed (tried even when the delete failed: the list may be stale). */
  afterDelete: () => Promise<void>;
  /** The create (row null) or edit form, shown while editing; `close` hides it. */
  form: (row: Row | null, close: () => void) => ReactNode;
  extraActions?: readonly RowAction<Row>[];
  toolbar?: ReactNode;
}

/**
 * A management list of rows with ids: the table with New, Edit and Delete, the form it opens, and the
 * delete call followed by a reload. The screens only say which rows, which columns, which form and which call.
 */
export function CrudList<Row extends { id: number }>(props: Props<Row>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const close = () => setEditing(null);
  return (
    <>
      <CrudPage
        name={props.name}
        title={props.title}
        rows={props.rows}
        rowKey={(r) => r.id}
        columns={props.columns}
        loading={props.loading}
        label={props.label}
        extraActions={props.extraActions}
        toolbar={props.toolbar}
        onNew={() => setEditing("new")}
        onEdit={(r) => setEditing(r)}
        onDelete={async (r) => {
          const res = await sendInline(() => props.remove(r));
          await props.afterDelete();
          return res.ok ? true : apiErrorText(res.error, t);
        }}
      />
      {editing !== null ? props.form(editing === "new" ? null : editing, close) : null}
    </>
  );
}
