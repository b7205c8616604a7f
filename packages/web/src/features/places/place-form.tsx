import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrors, GroupSelect, PlaceColorInput } from "./common.tsx";

/** What every place draft has, whatever its kind; `id` null while it is being created. */
export interface PlaceDraft {
  id: number | null;
  name: string;
  color: string;
  group: number | null;
}

interface Props<D extends PlaceDraft, T> {
  testId: string;
  title: string;
  hint: ReactNode;
  draft: D;
  onDraft(draft: D): void;
  /** The kind's own fields between the name and the colour. */
  before?: ReactNode;
  /** The kind's own fields after the group. */
  after?: ReactNode;
  /** The checks' failures, field by field. */
  errors: { path: string; message: string }[];
  /** Sends the checked draft and answers the saved place; null while the draft cannot be saved. */
  submit: (() => Promise<T>) | null;
  onDone(saved: T | null): void;
  /** A button on the left of the footer (geozones: draw again). */
  footerStart?: ReactNode;
}

/**
 * The side form that creates or edits a place (geozone or POI): name, colour and group, the kind's own fields
 * around them, the field errors, the server's answer and save / cancel.
 */
export function PlaceForm<D extends PlaceDraft, T>({
  testId,
  title,
  hint,
  draft,
  onDraft,
  before,
  after,
  errors,
  submit,
  onDone,
  footerStart,
}: Props<D, T>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = async () => {
    if (!submit) return;
    setSaving(true);
    setServerError(null);
    try {
      onDone(await submit());
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  const actions = (
    <Group gap="xs" justify={footerStart ? undefined : "flex-end"}>
      <Button variant="default" onClick={() => onDone(null)}>
        {t("places.cancel")}
      </Button>
      <Button onClick={() => void save()} disabled={!submit} loading={saving} data-testid="place-save">
        {t("places.save")}
      </Button>
    </Group>
  );
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={4}>{title}</Title>
      <Text size="sm" c="dimmed" data-testid="draw-hint">
        {hint}
      </Text>
      <TextInput
        label={t("places.field.name")}
        value={draft.name}
        onChange={(e) => onDraft({ ...draft, name: e.currentTarget.value })}
        required
        data-testid="place-name"
      />
      {before}
      <PlaceColorInput value={draft.color} onChange={(color) => onDraft({ ...draft, color })} />
      <GroupSelect value={draft.group} onChange={(group) => onDraft({ ...draft, group })} />
      {after}
      <FieldErrors errors={errors} />
      {serverError && (
        <Text c="red" size="sm">
          {serverError}
        </Text>
      )}
      {footerStart ? (
        <Group justify="space-between">
          {footerStart}
          {actions}
        </Group>
      ) : (
        actions
      )}
    </Stack>
  );
}
