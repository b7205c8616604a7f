import { Alert, Button } from "@mantine/core";
import { IconEdit, IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import { allows, canWrite, type RouteAccess } from "@vigia/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../platform/session/session.ts";
import { type DataColumn, DataTable, DeleteConfirmModal, type RowAction } from "../table/index.ts";

interface Props<Row> {
  name: string;
  title: string;
  /** What the list is for, in a line above it. */
  intro?: ReactNode;
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  columns: readonly DataColumn<Row>[];
  onNew?: () => void;
  onEdit?: (row: Row) => void;
  /** Opens a row to look at it: offered to read-only users, who get no Edit. */
  onView?: (row: Row) => void;
  /** Resolves true when deleted; false or the text of why not (shown inside the confirmation). */
  onDelete?: (row: Row) => Promise<boolean | string>;
  /** Rows the caller may delete (default all): no delete icon where the server would only answer 403. */
  canDelete?: (row: Row) => boolean;
  /** Bulk delete; defaults to deleting one by one. */
  onDeleteMany?: (rows: Row[]) => Promise<void>;
  extraActions?: readonly RowAction<Row>[];
  toolbar?: ReactNode;
  /** The signed-in user may not write here; defaults to the user's general write permission. */
  readOnly?: boolean;
  loading?: boolean;
  /** The table's height where the list shares the screen (beside a map); the window's by default. */
  height?: number;
  /** Label of a row in the delete confirmation. */
  label: (row: Row) => string;
}

/**
 * Whether the signed-in user may only read the list: as `given`, else when `writeAccess` (the access of the list's
 * write route) does not let them in, else without write permission in general.
 */
export function useReadOnly(given: boolean | undefined, writeAccess?: RouteAccess): boolean {
  const { user } = useSession();
  if (given !== undefined) return given;
  if (writeAccess) return !allows(writeAccess, user ?? null);
  return user ? !canWrite(user, "general") : true;
}

/**
 * A management list: the generic table with New, Edit and Delete (confirmed) wired in. A read-only user gets
 * none of them, only View (when the page can show a row read-only) and the read actions.
 */
export function CrudPage<Row>(props: Props<Row>) {
  const { t } = useTranslation();
  const readOnly = useReadOnly(props.readOnly);
  const [confirm, setConfirm] = useState<Row | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const closeConfirm = () => {
    setConfirm(null);
    setFailure(null);
  };
  const actions: RowAction<Row>[] = [
    ...(readOnly && props.onView
      ? [
          {
            key: "view",
            label: t("mgmt.view"),
            icon: <IconEye size={16} />,
            read: true,
            onClick: props.onView,
          },
        ]
      : []),
    ...(props.extraActions ?? []),
    ...(props.onEdit
      ? [{ key: "edit", label: t("mgmt.edit"), icon: <IconEdit size={16} />, onClick: props.onEdit }]
      : []),
    ...(props.onDelete
      ? [
          {
            key: "delete",
            label: t("mgmt.delete"),
            icon: <IconTrash size={16} />,
            color: "red",
            ...(props.canDelete ? { visible: props.canDelete } : {}),
            onClick: (r: Row) => {
              setFailure(null);
              setConfirm(r);
            },
          },
        ]
      : []),
  ];
  const deleteMany =
    props.onDeleteMany ??
    (props.onDelete
      ? async (rows: Row[]) => {
          for (const row of rows) await props.onDelete?.(row);
        }
      : undefined);
  return (
    <>
      <DataTable
        name={props.name}
        title={props.title}
        intro={props.intro}
        rows={props.rows}
        rowKey={props.rowKey}
        columns={props.columns}
        actions={actions}
        onDeleteSelected={deleteMany}
        readOnly={readOnly}
        loading={props.loading}
        height={props.height}
        toolbar={
          <>
            {props.toolbar}
            {props.onNew && !readOnly ? (
              <Button leftSection={<IconPlus size={16} />} onClick={props.onNew} data-testid="mgmt-new">
                {t("mgmt.new")}
              </Button>
            ) : null}
          </>
        }
      />
      <DeleteConfirmModal
        opened={confirm !== null}
        onClose={closeConfirm}
        title={t("mgmt.deleteTitle")}
        text={t("mgmt.deleteText", { name: confirm ? props.label(confirm) : "" })}
        disabled={failure !== null}
        label={t("mgmt.delete")}
        onConfirm={async () => {
          if (!confirm || !props.onDelete) return;
          const result = await props.onDelete(confirm);
          if (result === true) closeConfirm();
          else if (typeof result === "string") setFailure(result);
        }}
        testId="mgmt-delete-confirm"
      >
        {failure ? (
          <Alert color="red" data-testid="mgmt-delete-error">
            {failure}
          </Alert>
        ) : null}
      </DeleteConfirmModal>
    </>
  );
}
