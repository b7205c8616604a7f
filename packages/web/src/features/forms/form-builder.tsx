import { Button, Group, MultiSelect, Switch, Text, Textarea } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type Form, type FormFieldInput, formInputSchema, formsApi } from "@vigia/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { IdsSelect } from "../../kit/forms/ids-select.tsx";
import { send } from "../../kit/forms/send.ts";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyIdForCalls, useCompanyRows } from "../../platform/company/index.ts";
import { FieldEditor } from "./field-editor.tsx";

type ItemRef = Form["items"][number];
const refKey = (r: ItemRef) => `${r.itemType}:${r.itemId}`;
function parseRef(key: string): ItemRef {
  const [kind = "vehicle", id = "0"] = key.split(":");
  return {
    itemType: kind === "asset" ? "asset" : kind === "person" ? "person" : "vehicle",
    itemId: Number(id),
  };
}

/** A key no other field of the form has, stable once given (values line up across versions by key). */
function newKey(fields: readonly FormFieldInput[]): string {
  let n = fields.length + 1;
  while (fields.some((f) => f.key === `f${n}`)) n++;
  return `f${n}`;
}

/** Builds or edits a form: name, assignment to groups and items, and its ordered fields. */
export function FormBuilder({
  form: existing,
  readOnly = false,
  onClose,
  onSaved,
}: {
  form: Form | null;
  /** A read-only administrator looks at the form: every field shown, nothing editable, no Save. */
  readOnly?: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const groups = useCompanyRows("groups");
  const vehicles = useCompanyRows("vehicles");
  const assets = useCompanyRows("assets");
  const persons = useCompanyRows("persons");
  const form = useZodForm(formInputSchema, {
    name: existing?.name ?? "",
    description: existing?.description ?? "",
    active: existing?.active ?? true,
    fields: existing?.fields ?? [{ key: "f1", type: "text", label: "", required: false }],
    groupIds: existing?.groupIds ?? [],
    items: existing?.items ?? [],
  });
  const fields = form.values.fields ?? [];
  const itemOptions = useMemo(
    () => [
      {
        group: t("routes.vehicles"),
        items: vehicles.map((v) => ({ value: `vehicle:${v.id}`, label: v.name || v.plate })),
      },
      { group: t("routes.assets"), items: assets.map((a) => ({ value: `asset:${a.id}`, label: a.name })) },
      { group: t("routes.persons"), items: persons.map((p) => ({ value: `person:${p.id}`, label: p.name })) },
    ],
    [t, vehicles, assets, persons],
  );
  const setFields = (next: FormFieldInput[]) => form.set("fields", next);
  const errorsOf = (i: number): Record<string, string> => {
    const prefix = `fields.${i}.`;
    return Object.fromEntries(
      Object.entries(form.errors)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
  };
  const save = async () => {
    const body = form.output;
    if (!body) return false;
    const res = await send(() =>
      existing
        ? api.call(
            formsApi.update,
            { params: { companyId: companyId(), id: existing.id }, body },
            { quiet: true },
          )
        : api.call(formsApi.create, { params: { companyId: companyId() }, body }, { quiet: true }),
    );
    if (!res.ok) {
      form.setServerErrors(res.fields);
      return false;
    }
    onSaved();
    return true;
  };
  return (
    <FormModal
      opened
      title={readOnly ? (existing?.name ?? "") : existing ? t("forms.edit") : t("forms.new")}
      readOnly={readOnly}
      onClose={onClose}
      onSave={save}
      valid={form.valid}
      size="xl"
    >
      <TextField form={form} name="name" label={t("forms.name")} required />
      <Textarea
        label={t("forms.description")}
        autosize
        value={form.values.description ?? ""}
        onChange={(e) => form.set("description", e.currentTarget.value)}
      />
      <Switch
        label={t("forms.active")}
        checked={form.values.active ?? true}
        onChange={(e) => form.set("active", e.currentTarget.checked)}
      />
      <IdsSelect
        label={t("forms.groups")}
        description={t("forms.assignHint")}
        rows={groups}
        value={form.values.groupIds ?? []}
        onChange={(v) => form.set("groupIds", v)}
        error={errorText(t, form.errorOf("groupIds"))}
        data-testid="builder-groups"
      />
      <MultiSelect
        label={t("forms.items")}
        searchable
        data={itemOptions}
        value={(form.values.items ?? []).map(refKey)}
        onChange={(v) => form.set("items", v.map(parseRef))}
        data-testid="builder-items"
      />
      {existing && existing.submissions > 0 && (
        <Text size="xs" c="dimmed">
          {t("forms.versionHint", { version: existing.version })}
        </Text>
      )}
      {fields.map((f, i) => (
        <FieldEditor
          key={f.key}
          field={f}
          index={i}
          count={fields.length}
          errors={errorsOf(i)}
          onChange={(next) => setFields(fields.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setFields(fields.filter((_, j) => j !== i))}
          onMove={(delta) => {
            const next = [...fields];
            const [moved] = next.splice(i, 1);
            if (moved) next.splice(i + delta, 0, moved);
            setFields(next);
          }}
        />
      ))}
      {form.errors.fields && (
        <Text size="xs" c="red">
          {errorText(t, form.errors.fields)}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            setFields([...fields, { key: newKey(fields), type: "text", label: "", required: false }])
          }
          data-testid="builder-add-field"
        >
          {t("forms.addField")}
        </Button>
      </Group>
    </FormModal>
  );
}
