import { NumberInput, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { errorText } from "./errors.ts";

/**
 * What a field component needs of a form for one field `K` holding values of type `V`. A `ZodForm` fits
 * wherever its schema's field `K` accepts `V`, so a field bound to the wrong name or type does not compile.
 */
export interface FieldBinding<K extends string, V> {
  values: { readonly [P in K]?: unknown };
  set(key: K, value: V): void;
  errorOf(key: K): string | undefined;
}

/** A text field bound to a form key, with its translated inline error. */
export function TextField<K extends string>({
  form,
  name,
  label,
  description,
  required,
}: {
  form: FieldBinding<NoInfer<K>, string>;
  name: K;
  label: string;
  description?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={description}
      withAsterisk={required}
      value={String(form.values[name] ?? "")}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      error={errorText(t, form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );
}

type NumberFieldProps<K extends string> = {
  name: K;
  label: string;
  step?: number;
} & (
  | {
      /** Empty means 0 (a figure that always has a value). */ zeroWhenEmpty: true;
      form: FieldBinding<NoInfer<K>, number>;
    }
  | {
      /** Empty means null (an optional figure). */ zeroWhenEmpty?: false;
      form: FieldBinding<NoInfer<K>, number | null>;
    }
);

/** A number field; empty is null (optional figures) unless `zeroWhenEmpty`. */
export function NumberField<K extends string>(props: NumberFieldProps<K>) {
  const { t } = useTranslation();
  const { name, label, step } = props;
  const value = props.form.values[name];
  return (
    <NumberInput
      label={label}
      value={typeof value === "number" ? value : ""}
      step={step}
      decimalScale={3}
      onChange={(v) => {
        const number = typeof v === "number" ? v : null;
        if (props.zeroWhenEmpty) props.form.set(name, number ?? 0);
        else props.form.set(name, number);
      }}
      error={errorText(t, props.form.errorOf(name))}
      data-testid={`field-${name}`}
    />
  );
}
