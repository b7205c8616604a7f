import { useCallback, useMemo, useState } from "react";
import type { z } from "zod";

/**
 * Form state validated by the shared domain schema: `errors` maps a dotted path to its message key, `valid`
 * drives the disabled save, and server field errors are shown until the field is edited again.
 */
export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: Record<string, unknown>,
) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
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
  const set = useCallback((key: string, value: unknown) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => new Set(t).add(key));
    setServer((s) => {
      if (!(key in s)) return s;
      const { [key]: _gone, ...rest } = s;
      return rest;
    });
  }, []);
  /** The error to show under a field: after it was edited, or when the server named it. */
  const errorOf = (key: string): string | undefined =>
    touched.has(key) || key in server ? errors[key] : undefined;
  return {
    values,
    set,
    setValues,
    errors,
    errorOf,
    valid: parsed.success && Object.keys(server).length === 0,
    output: parsed.success ? (parsed.data as z.output<S>) : null,
    setServerErrors: setServer,
  };
}
