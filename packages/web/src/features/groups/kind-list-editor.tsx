import { Button, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { allows, type CompanyLoadResource, CUSTOM_STATE_ITEM_KINDS, customStatesApi } from "@vigia/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { type SendResult, send } from "../../kit/forms/send.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { useRefreshCompany } from "../../platform/company/index.ts";
import { useUser } from "../../platform/session/session.ts";

export type ItemKind = (typeof CUSTOM_STATE_ITEM_KINDS)[number];

/**
 * The server names a list entry's fields `<list>.<index>.<field>`; a form edits one entry and shows `<field>`.
 */
export function entryErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) out[path.split(".").pop() ?? path] = message;
  return out;
}

interface Props<Row> {
  /** Test ids and export names: `<name>-kind`, `<name>-new`, table `<name>_<kind>`. */
  name: string;
  title: string;
  help: string;
  /** The company's list of one item kind. */
  rows: (kind: ItemKind) => readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly DataColumn<Row>[];
  label: (row: Row) => string;
  /** Rows that are part of the product (the no-state): neither edited nor deleted. */
  fixed?: (row: Row) => boolean;
  /** Stores the kind's whole new list (the call; its refusal's field errors go to the form). */
  save: (kind: ItemKind, rows: Row[]) => Promise<unknown>;
  /** The company data a stored list changes, reloaded after it. */
  reload: readonly CompanyLoadResource[];
  /** The new (row null) or edit form; `onSave` puts the entry in the list and stores it. */
  form: (props: {
    kind: ItemKind;
    row: Row | null;
    rows: readonly Row[];
    onClose(): void;
    onSave(row: Row): Promise<SendResult<unknown>>;
  }) => ReactNode;
}

/**
 * An admin list per item kind (vehicle, asset, person, driver) kept in the company configuration, edited as a
 * whole: the custom states and the custom data fields of /groups. Only administrators who may write change it
 * (the server's rule); everyone else reads it.
 */
export function KindListEditor<Row>(props: Props<Row>) {
  const { t } = useTranslation();
  const user = useUser();
  const [kind, setKind] = useState<ItemKind>("vehicle");
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const writable = allows(customStatesApi.save.access, user);
  const refresh = useRefreshCompany();
  const rows = props.rows(kind);
  const store = async (list: Row[]) => {
    const res = await send(() => props.save(kind, list));
    if (res.ok) await refresh(props.reload);
    return res;
  };
  const changeable = (r: Row) => !(props.fixed?.(r) ?? false);
  const actions: RowAction<Row>[] = writable
    ? [
        {
          key: "edit",
          label: t("mgmt.edit"),
          icon: <IconEdit size={16} />,
          visible: changeable,
          onClick: (r) => setEditing(r),
        },
        {
          key: "delete",
          label: t("mgmt.delete"),
          icon: <IconTrash size={16} />,
          color: "red",
          visible: changeable,
          confirm: (r) => t("mgmt.deleteText", { name: props.label(r) }),
          onClick: (r) => store(rows.filter((x) => props.rowKey(x) !== props.rowKey(r))),
        },
      ]
    : [];
  const row = editing === "new" ? null : editing;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {props.help}
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(CUSTOM_STATE_ITEM_KINDS.find((k) => k === v) ?? "vehicle")}
        data={CUSTOM_STATE_ITEM_KINDS.map((k) => ({ value: k, label: t(`extras.customStates.kinds.${k}`) }))}
        data-testid={`${props.name}-kind`}
        style={{ alignSelf: "flex-start" }}
      />
      <DataTable
        name={`${props.name.replace(/-/g, "_")}_${kind}`}
        title={props.title}
        rows={rows}
        rowKey={props.rowKey}
        columns={props.columns}
        actions={actions}
        readOnly={!writable}
        toolbar={
          writable ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-testid={`${props.name}-new`}
            >
              {t("mgmt.new")}
            </Button>
          ) : null
        }
      />
      {editing !== null ? (
        <div key={`${kind}-${row === null ? "new" : props.rowKey(row)}`}>
          {props.form({
            kind,
            row,
            rows,
            onClose: () => setEditing(null),
            onSave: (entry) =>
              store(
                row === null
                  ? [...rows, entry]
                  : rows.map((x) => (props.rowKey(x) === props.rowKey(row) ? entry : x)),
              ),
          })}
        </div>
      ) : null}
    </Stack>
  );
}

/**
 * The dialog of one list entry: Save puts the entry in the kind's list and stores the list; a refusal's field
 * errors (named after the list) land on the entry's fields.
 */
export function KindEntryForm<Entry>({
  form,
  title,
  onClose,
  onSave,
  children,
}: {
  form: { output: Entry | null; valid: boolean; setServerErrors(fields: Record<string, string>): void };
  title: string;
  onClose(): void;
  onSave(entry: Entry): Promise<SendResult<unknown>>;
  children: ReactNode;
}) {
  const submit = async () => {
    if (!form.output) return false;
    const res = await onSave(form.output);
    if (!res.ok) form.setServerErrors(entryErrors(res.fields));
    return res.ok;
  };
  return (
    <FormModal opened title={title} onClose={onClose} onSave={submit} valid={form.valid} size="md">
      {children}
    </FormModal>
  );
}
