import { Alert, NumberInput, Select, TextInput } from "@mantine/core";
import { groupChoiceError } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { useCompanyRows } from "./data.ts";
import { errorText } from "./errors.ts";
import type { useZodForm } from "./useZodForm.ts";

export type Form = ReturnType<typeof useZodForm>;

export interface GroupRow {
  id: number;
  name: string;
  parentId: number | null;
}

/** A text field bound to a form key, with its translated inline error. */
export function TextField({
  form,
  name,
  label,
  required,
}: {
  form: Form;
  name: string;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      withAsterisk={required}
      value={String(form.values[name] ?? "")}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      error={errorText(t, form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );
}

/** A number field; empty is null (optional figures) unless `zeroWhenEmpty`. */
export function NumberField({
  form,
  name,
  label,
  zeroWhenEmpty,
  step,
}: {
  form: Form;
  name: string;
  label: string;
  zeroWhenEmpty?: boolean;
  step?: number;
}) {
  const { t } = useTranslation();
  const value = form.values[name];
  return (
    <NumberInput
      label={label}
      value={typeof value === "number" ? value : ""}
      step={step}
      decimalScale={3}
      onChange={(v) => form.set(name, typeof v === "number" ? v : zeroWhenEmpty ? 0 : null)}
      error={errorText(t, form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );
}

/** The group selector: required for items; tells the user when no group exists yet (spec 01 §5). */
export function GroupSelect({
  form,
  name = "group",
  required = true,
}: {
  form: Form;
  name?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const groups = useCompanyRows<GroupRow>("groups");
  const value = form.values[name];
  const problem = required ? groupChoiceError(groups.length, typeof value === "number" ? [value] : []) : null;
  if (problem === "noGroupsExist") return <Alert color="yellow">{t("mgmtErrors.noGroupsExist")}</Alert>;
  return (
    <Select
      label={t("mgmt.group")}
      withAsterisk={required}
      clearable={!required}
      searchable
      data={groups
        .map((g) => ({ value: String(g.id), label: g.name }))
        .sort((a, b) => a.label.localeCompare(b.label))}
      value={typeof value === "number" ? String(value) : null}
      onChange={(v) => form.set(name, v === null ? null : Number(v))}
      error={errorText(t, form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );
}
