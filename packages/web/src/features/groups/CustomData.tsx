import { Button, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  CUSTOM_DATA_TYPES,
  CUSTOM_STATE_ITEM_KINDS,
  type CustomDataField,
  canWrite,
  customDataApi,
  customDataFieldSchema,
  isAdminOrHigher,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { FormModal } from "../../kit/forms/FormModal.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/useZodForm.ts";
import { type DataColumn, DataTable, type RowAction } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useUser } from "../../platform/session/session.ts";
import { useCompany, useCompanyIdForCalls, useRefreshCompany } from "../company/index.ts";
import type { CustomStateKind } from "./CustomStates.tsx";

/**
 * Admin section of /groups: the free custom data fields per item kind (conf.customDatas). The item forms
 * show these fields (CustomDataFields), so a field added here appears in the vehicle/asset/person forms.
 */
export function CustomDataSection() {
  const { t } = useTranslation();
  const user = useUser();
  const { info } = useCompany();
  const companyId = useCompanyIdForCalls();
  const refresh = useRefreshCompany();
  const [kind, setKind] = useState<CustomStateKind>("vehicle");
  const fields = info?.conf.customDatas[kind] ?? [];
  const [editing, setEditing] = useState<CustomDataField | "new" | null>(null);
  const writable = isAdminOrHigher(user.role) && canWrite(user, "general");

  const save = async (next: CustomDataField[]) => {
    const res = await send(() =>
      api.call(
        customDataApi.save,
        { params: { companyId: companyId() }, body: { kind, fields: next } },
        { quiet: true },
      ),
    );
    if (res.ok) await refresh(["info"]);
    return res;
  };
  const columns = useMemo<DataColumn<CustomDataField>[]>(
    () => [
      { key: "key", header: t("extras.customData.key"), value: (r) => r.key, width: 180 },
      { key: "label", header: t("extras.customData.label"), value: (r) => r.label },
      {
        key: "type",
        header: t("extras.customData.type"),
        value: (r) => t(`extras.customData.types.${r.type}`),
        width: 140,
      },
    ],
    [t],
  );
  const actions: RowAction<CustomDataField>[] = writable
    ? [
        { key: "edit", label: t("mgmt.edit"), icon: <IconEdit size={16} />, onClick: setEditing },
        {
          key: "delete",
          label: t("mgmt.delete"),
          icon: <IconTrash size={16} />,
          color: "red",
          confirm: (r) => t("mgmt.deleteText", { name: r.label }),
          onClick: (r) => save(fields.filter((f) => f.key !== r.key)),
        },
      ]
    : [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("extras.customData.help")}
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(CUSTOM_STATE_ITEM_KINDS.find((k) => k === v) ?? "vehicle")}
        data={CUSTOM_STATE_ITEM_KINDS.map((k) => ({ value: k, label: t(`extras.customStates.kinds.${k}`) }))}
        data-testid="custom-data-kind"
        style={{ alignSelf: "flex-start" }}
      />
      <DataTable
        name={`custom_data_${kind}`}
        title={t("extras.customData.title")}
        rows={fields}
        rowKey={(r) => r.key}
        columns={columns}
        actions={actions}
        readOnly={!writable}
        toolbar={
          writable ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-testid="custom-data-new"
            >
              {t("mgmt.new")}
            </Button>
          ) : null
        }
      />
      {editing !== null ? (
        <CustomDataForm
          key={`${kind}-${editing === "new" ? "new" : editing.key}`}
          row={editing === "new" ? null : editing}
          taken={fields.filter((f) => editing === "new" || f.key !== editing.key).map((f) => f.key)}
          onClose={() => setEditing(null)}
          onSave={(field) =>
            save(
              editing === "new" ? [...fields, field] : fields.map((f) => (f.key === editing.key ? field : f)),
            )
          }
        />
      ) : null}
    </Stack>
  );
}

function CustomDataForm({
  row,
  taken,
  onClose,
  onSave,
}: {
  row: CustomDataField | null;
  taken: readonly string[];
  onClose(): void;
  onSave(field: CustomDataField): Promise<{ ok: boolean; fields?: Record<string, string> }>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(customDataFieldSchema, {
    key: row?.key ?? "",
    label: row?.label ?? "",
    type: row?.type ?? "text",
  });
  const duplicate = taken.includes((form.values.key ?? "").trim());
  const submit = async () => {
    if (!form.output || duplicate) return false;
    const res = await onSave(form.output);
    if (!res.ok && res.fields) {
      // The server names fields as fields.<index>.<field>; the form has one field.
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(res.fields))
        errors[path.split(".").pop() ?? path] = message;
      form.setServerErrors(errors);
    }
    return res.ok;
  };
  return (
    <FormModal
      opened
      title={row ? t("extras.customData.edit") : t("extras.customData.new")}
      onClose={onClose}
      onSave={submit}
      valid={form.valid && !duplicate}
      size="md"
    >
      <TextInput
        label={t("extras.customData.key")}
        withAsterisk
        value={form.values.key ?? ""}
        onChange={(e) => form.set("key", e.currentTarget.value)}
        error={duplicate ? t("extras.customData.duplicate") : errorText(t, form.errorOf("key"))}
        data-testid="field-key"
      />
      <TextInput
        label={t("extras.customData.label")}
        withAsterisk
        value={form.values.label ?? ""}
        onChange={(e) => form.set("label", e.currentTarget.value)}
        error={errorText(t, form.errorOf("label"))}
        data-testid="field-label"
      />
      <Select
        label={t("extras.customData.type")}
        withAsterisk
        allowDeselect={false}
        value={form.values.type ?? "text"}
        onChange={(v) => form.set("type", CUSTOM_DATA_TYPES.find((x) => x === v) ?? "text")}
        data={CUSTOM_DATA_TYPES.map((x) => ({ value: x, label: t(`extras.customData.types.${x}`) }))}
        data-testid="field-type"
      />
    </FormModal>
  );
}
