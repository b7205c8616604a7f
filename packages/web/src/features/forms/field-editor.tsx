import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  Select,
  Switch,
  TagsInput,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { FORM_FIELD_TYPES, type FormFieldInput, type FormFieldType } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { errorText } from "../../kit/forms/errors.ts";

interface Props {
  field: FormFieldInput;
  index: number;
  count: number;
  /** Errors of this field by its own key (`min`, `options`…). */
  errors: Record<string, string>;
  onChange(field: FormFieldInput): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

const HAS_BOUNDS: ReadonlySet<FormFieldType> = new Set(["number", "numberRange", "text", "textRange"]);
const HAS_OPTIONS: ReadonlySet<FormFieldType> = new Set(["select", "multiselect", "items"]);

/** One field of the builder: type, label, required, help and the rules its type takes. */
export function FieldEditor({ field, index, count, errors, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<FormFieldInput>) => onChange({ ...field, ...patch });
  const numberOrNull = (v: string | number) => (typeof v === "number" ? v : null);
  return (
    <Paper withBorder p="xs" data-testid={`builder-field-${index}`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t("forms.fieldType")}
          w={150}
          allowDeselect={false}
          data={FORM_FIELD_TYPES.map((v) => ({ value: v, label: t(`forms.types.${v}`) }))}
          value={field.type}
          onChange={(v) => v && set({ type: v as FormFieldType })}
          data-testid={`builder-type-${index}`}
        />
        <TextInput
          label={t("forms.fieldLabel")}
          style={{ flex: 1, minWidth: 160 }}
          value={field.label}
          onChange={(e) => set({ label: e.currentTarget.value })}
          error={errorText(t, errors.label)}
          data-testid={`builder-label-${index}`}
        />
        <Switch
          label={t("forms.required")}
          checked={field.required ?? false}
          onChange={(e) => set({ required: e.currentTarget.checked })}
          mb={6}
        />
        <Group gap={2} mb={2}>
          <Tooltip label={t("forms.up")}>
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={t("forms.up")}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("forms.down")}>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t("forms.down")}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("mgmt.delete")}>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t("mgmt.delete")}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="xs" mt={6} align="flex-start" wrap="wrap">
        <TextInput
          size="xs"
          label={t("forms.help")}
          style={{ flex: 1, minWidth: 160 }}
          value={field.help ?? ""}
          onChange={(e) => set({ help: e.currentTarget.value })}
        />
        {HAS_BOUNDS.has(field.type) &&
          (["min", "max"] as const).map((bound) => (
            <NumberInput
              key={bound}
              size="xs"
              w={110}
              label={t(`forms.${bound}${field.type.startsWith("text") ? "Length" : ""}`)}
              value={field[bound] ?? ""}
              onChange={(v) => set({ [bound]: numberOrNull(v) })}
              error={errorText(t, errors[bound])}
              data-testid={`builder-${bound}-${index}`}
            />
          ))}
        {HAS_OPTIONS.has(field.type) && (
          <TagsInput
            size="xs"
            style={{ flex: 1, minWidth: 200 }}
            label={t("forms.options")}
            placeholder={t("forms.optionsHint")}
            value={field.options ?? []}
            onChange={(options) => set({ options })}
            error={errorText(t, errors.options)}
            data-testid={`builder-options-${index}`}
          />
        )}
        {field.type === "attachment" && (
          <NumberInput
            size="xs"
            w={150}
            label={t("forms.maxSizeMb")}
            min={0.1}
            max={2}
            step={0.5}
            decimalScale={1}
            value={field.maxBytes ? field.maxBytes / 1048576 : 2}
            onChange={(v) => set({ maxBytes: typeof v === "number" ? Math.round(v * 1048576) : null })}
            error={errorText(t, errors.maxBytes)}
          />
        )}
        {field.type === "rating" && (
          <NumberInput
            size="xs"
            w={110}
            label={t("forms.stars")}
            min={2}
            max={10}
            value={field.stars ?? 5}
            onChange={(v) => set({ stars: typeof v === "number" ? v : null })}
          />
        )}
      </Group>
    </Paper>
  );
}
