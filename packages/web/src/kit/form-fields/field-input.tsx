import {
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  Rating,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { FORM_ATTACHMENT_MAX_BYTES, type FormField, type FormFile, type FormValue } from "@vigia/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromZonedInput, toZonedInput } from "../format/date.ts";
import { errorText } from "../forms/errors.ts";
import { LocalDateTimeInput } from "../pickers/range-picker.tsx";
import { SignaturePad } from "./signature-pad.tsx";

interface Common {
  field: FormField;
  value: FormValue | undefined;
  onChange(value: FormValue): void;
  error?: string;
  timezone: string;
}

/**
 * An attachment field either uploads the chosen file at once (`upload`: the store's reference becomes the value),
 * or shows the caller's own input (`attachment`: the worker app keeps a photo on the phone until it is online).
 */
type Props = Common & ({ upload(file: File): Promise<FormFile> } | { attachment: ReactNode });

const num = (v: string | number): number | null => (typeof v === "number" ? v : null);
type Range = { from: string | number; to: string | number };
const rangeOf = (v: FormValue | undefined): Range | null =>
  v !== null && typeof v === "object" && !Array.isArray(v) && "from" in v ? v : null;

/**
 * The input for one form field, by its type; the value shape is the one `formValueError` checks. Shared by the web
 * (an item's forms) and the worker app.
 */
export function FieldInput(props: Props) {
  const { field, value, onChange, error, timezone } = props;
  const { t } = useTranslation();
  const common = {
    label: field.label,
    description: field.help || undefined,
    withAsterisk: field.required,
    error: errorText(t, error),
    "data-testid": `form-field-${field.key}`,
  };
  switch (field.type) {
    case "text":
      return (
        <TextInput
          {...common}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          value={typeof value === "number" ? value : ""}
          onChange={(v) => onChange(num(v))}
        />
      );
    case "textRange":
    case "numberRange": {
      const r = rangeOf(value) ?? { from: "", to: "" };
      const ends = [
        { end: "from", placeholder: t("forms.from") },
        { end: "to", placeholder: t("forms.to") },
      ] as const;
      return (
        <FieldFrame field={field} error={error}>
          <Group grow data-testid={`form-field-${field.key}`}>
            {ends.map(({ end, placeholder }) =>
              field.type === "textRange" ? (
                <TextInput
                  key={end}
                  placeholder={placeholder}
                  value={String(r[end])}
                  onChange={(e) => onChange({ ...r, [end]: e.currentTarget.value })}
                />
              ) : (
                <NumberInput
                  key={end}
                  placeholder={placeholder}
                  value={r[end]}
                  onChange={(v) => onChange({ ...r, [end]: num(v) ?? "" })}
                />
              ),
            )}
          </Group>
        </FieldFrame>
      );
    }
    case "boolean":
      return (
        <Switch
          label={field.label}
          description={field.help || undefined}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={errorText(t, error)}
          data-testid={`form-field-${field.key}`}
        />
      );
    case "select":
      return (
        <Select
          {...common}
          clearable
          data={field.options}
          value={typeof value === "string" ? value : null}
          onChange={(v) => onChange(v)}
        />
      );
    case "multiselect":
      return (
        <MultiSelect
          {...common}
          data={field.options}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
        />
      );
    case "items":
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap={4} mt={4}>
            {field.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "datetime":
      return (
        <LocalDateTimeInput
          {...common}
          clearable={false}
          value={
            typeof value === "number" ? toZonedInput(value, timezone) : toZonedInput(Date.now(), timezone)
          }
          onChange={(local) => onChange(fromZonedInput(local, timezone))}
        />
      );
    case "rating":
      return (
        <FieldFrame field={field} error={error}>
          <Rating
            count={field.stars ?? 5}
            value={typeof value === "number" ? value : 0}
            onChange={onChange}
            data-testid={`form-field-${field.key}`}
          />
        </FieldFrame>
      );
    case "signature":
      return (
        <FieldFrame field={field} error={error} testId={`form-field-${field.key}`}>
          <SignaturePad value={typeof value === "string" ? value : null} onChange={onChange} />
        </FieldFrame>
      );
    case "attachment":
      return "attachment" in props ? (
        props.attachment
      ) : (
        <AttachmentInput
          field={field}
          value={value}
          onChange={onChange}
          error={error}
          upload={props.upload}
        />
      );
  }
}

/** The label and error around an input that has none of its own (a range, stars, a signature). */
function FieldFrame({
  field,
  error,
  testId,
  children,
}: Pick<Common, "field" | "error"> & { testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm" fw={500}>
        {field.label}
        {field.required ? " *" : ""}
      </Text>
      {children}
      {error && (
        <Text size="xs" c="red">
          {errorText(t, error)}
        </Text>
      )}
    </Stack>
  );
}

/** A file field: checks the size first, uploads at once, and holds the store's reference as the value. */
function AttachmentInput({
  field,
  value,
  onChange,
  error,
  upload,
}: Pick<Common, "field" | "value" | "onChange" | "error"> & { upload(file: File): Promise<FormFile> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const max = field.maxBytes ?? FORM_ATTACHMENT_MAX_BYTES;
  const current =
    value !== null && typeof value === "object" && !Array.isArray(value) && "name" in value ? value : null;
  return (
    <FileInput
      label={field.label}
      withAsterisk={field.required}
      clearable
      description={`${field.help ? `${field.help} · ` : ""}${t("forms.maxSize", { mb: (max / 1048576).toFixed(1) })}`}
      placeholder={current ? current.name : t("forms.chooseFile")}
      disabled={busy}
      error={errorText(t, local ?? error)}
      data-testid={`form-field-${field.key}`}
      onChange={async (file) => {
        setLocal(null);
        if (!file) {
          onChange(null);
          return;
        }
        if (file.size > max) {
          setLocal("attachment_tooLarge");
          return;
        }
        setBusy(true);
        try {
          onChange(await upload(file));
        } catch {
          setLocal("upload_failed");
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
