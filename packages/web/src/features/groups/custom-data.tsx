import { Select, TextInput } from "@mantine/core";
import { CUSTOM_DATA_TYPES, type CustomDataField, customDataApi, customDataFieldSchema } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import type { SendResult } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import type { DataColumn } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyIdForCalls } from "../../platform/company/index.ts";
import { KindEntryForm, KindListEditor } from "./kind-list-editor.tsx";

/**
 * Admin section of /groups: the free custom data fields per item kind (conf.customDatas). The item forms
 * show these fields (CustomDataFields), so a field added here appears in the vehicle/asset/person forms.
 */
export function CustomDataSection() {
  const { t } = useTranslation();
  const { info } = useCompany();
  const companyId = useCompanyIdForCalls();
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
  return (
    <KindListEditor<CustomDataField>
      name="custom-data"
      title={t("extras.customData.title")}
      help={t("extras.customData.help")}
      rows={(kind) => info?.conf.customDatas[kind] ?? []}
      rowKey={(r) => r.key}
      columns={columns}
      label={(r) => r.label}
      save={(kind, fields) =>
        api.call(
          customDataApi.save,
          { params: { companyId: companyId() }, body: { kind, fields } },
          { quiet: true },
        )
      }
      reload={["info"]}
      form={({ row, rows, onClose, onSave }) => (
        <CustomDataForm
          row={row}
          taken={rows.filter((f) => row === null || f.key !== row.key).map((f) => f.key)}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    />
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
  onSave(field: CustomDataField): Promise<SendResult<unknown>>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(customDataFieldSchema, {
    key: row?.key ?? "",
    label: row?.label ?? "",
    type: row?.type ?? "text",
  });
  const duplicate = taken.includes((form.values.key ?? "").trim());
  return (
    <KindEntryForm
      // A key another field already has keeps Save off.
      form={{ ...form, valid: form.valid && !duplicate }}
      title={row ? t("extras.customData.edit") : t("extras.customData.new")}
      onClose={onClose}
      onSave={onSave}
    >
      <TextInput
        label={t("extras.customData.key")}
        withAsterisk
        value={form.values.key ?? ""}
        onChange={(e) => form.set("key", e.currentTarget.value)}
        error={duplicate ? t("extras.customData.duplicate") : errorText(t, form.errorOf("key"))}
        data-testid="field-key"
      />
      <TextField form={form} name="label" label={t("extras.customData.label")} required />
      <Select
        label={t("extras.customData.type")}
        withAsterisk
        allowDeselect={false}
        value={form.values.type ?? "text"}
        onChange={(v) => form.set("type", CUSTOM_DATA_TYPES.find((x) => x === v) ?? "text")}
        data={CUSTOM_DATA_TYPES.map((x) => ({ value: x, label: t(`extras.customData.types.${x}`) }))}
        data-testid="field-type"
      />
    </KindEntryForm>
  );
}
