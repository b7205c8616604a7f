import { NumberInput, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorText } from "./errors.ts";
import type { useZodForm } from "./useZodForm.ts";

export type Form = ReturnType<typeof useZodForm>;

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
