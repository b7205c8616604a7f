import { type Dispatch, type SetStateAction, useCallback, useMemo, useState } from "react";
import type { z } from "zod";

/** A form's schema: an object of fields. */
export type FormSchema = z.ZodType<unknown, Record<string, unknown>>;
/** The field names of a form, from its schema's input. */
export type FieldName<S extends FormSchema> = keyof z.input<S> & string;
/** A field or a path inside it (`consumption.urban`, `days.2.from`), as error keys name them. */
export type FieldPath<S extends FormSchema> = FieldName<S> | `${FieldName<S>}.${string}`;

export interface ZodForm<S extends FormSchema> {
  /** What the user has entered so far: any field may still be missing. */
  values: Partial<z.input<S>>;
  /** Sets one field (undefined clears it) and forgets the server's error about it. */
  set<K extends FieldName<S>>(key: K, value: z.input<S>[K] | undefined): void;
  setValues: Dispatch<SetStateAction<Partial<z.input<S>>>>;
  /** Every current error, by dotted path (`form` for one about the whole value). */
  errors: Record<string, string>;
  /** The error to show under a field: after it was edited, or when the server named it. */
  errorOf(key: FieldPath<S>): string | undefined;
  valid: boolean;
  /** The parsed value (defaults applied, text trimmed): what a save sends. Null while invalid. */
  output: z.output<S> | null;
  setServerErrors: Dispatch<SetStateAction<Record<string, string>>>;
}

/**
 * Form state validated by the shared domain schema: `errors` maps a dotted path to its message key, `valid`
 * drives the disabled save, and server field errors are shown until the field is edited again. Field names
 * and values are typed from the schema, so a form cannot bind a field the schema does not have.
 */
export function useZodForm<S extends FormSchema>(schema: S, initial: Partial<z.input<S>>): ZodForm<S> {
  const [values, setValues] = useState<Partial<z.input<S>>>(initial);
  const [server, setServer] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".") || "form";
        out[path] ??= issue.message;
      }
    return { ...out, ...server };
  }, [parsed, server]);
  const set = useCallback(<K extends FieldName<S>>(key: K, value: z.input<S>[K] | undefined) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => new Set(t).add(key));
    setServer((s) => {
      if (!(key in s)) return s;
      const { [key]: _gone, ...rest } = s;
      return rest;
    });
  }, []);
  const errorOf = (key: FieldPath<S>): string | undefined =>
    touched.has(key) || key in server ? errors[key] : undefined;
  return {
    values,
    set,
    setValues,
    errors,
    errorOf,
    valid: parsed.success && Object.keys(server).length === 0,
    output: parsed.success ? parsed.data : null,
    setServerErrors: setServer,
  };
}
