import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import {
  FORM_ATTACHMENT_MAX_BYTES,
  type Form,
  type FormValue,
  type FormValues,
  formValuesErrors,
  valuesAsShown,
} from "@vigia/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldInput } from "../kit/form-fields/field-input.tsx";
import type { Draft, KeptPhoto } from "./form-storage.ts";
import type { FormsOutbox, Position } from "./forms-outbox.ts";
import { PhotoInput } from "./photo-input.tsx";

const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The values the shared check sees: a kept photo stands for the file it will become (its size is what counts). */
function checkedValues(form: Form, draft: Draft): FormValues {
  const values: FormValues = valuesAsShown(form.fields, draft.values, draft.openedTs);
  for (const [key, photo] of Object.entries(draft.photos))
    values[key] = { id: 1, name: photo.name, size: photo.data.byteLength, type: photo.type };
  return values;
}

/** A draft of the form's current version: one kept from before (values of fields it no longer has dropped), or new. */
function draftFor(form: Form, kept: Draft | null, now: number): Draft {
  const keys = new Set(form.fields.map((f) => f.key));
  const keep = <T,>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key)));
  return kept
    ? { ...kept, version: form.version, values: keep(kept.values), photos: keep(kept.photos) }
    : { formId: form.id, version: form.version, values: {}, photos: {}, openedTs: now, updatedTs: now };
}

/**
 * Filling one form on the phone: every change is saved to the phone's draft before anything else, so closing the
 * app or losing the network loses nothing; "Submit" checks the values with the shared rules and hands the form to
 * the outbox with the phone's position.
 */
export function FormFill({
  form,
  outbox,
  position,
  onDone,
}: {
  form: Form;
  outbox: FormsOutbox;
  position(): Promise<Position | null>;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  // Saves run one after another, so an older draft never overwrites a newer one.
  const saving = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    let live = true;
    void outbox.draft(form.id).then((kept) => {
      if (live) setDraft(draftFor(form, kept, Date.now()));
    });
    return () => {
      live = false;
    };
  }, [form, outbox]);

  if (draft === null) return <Loader mx="auto" />;

  const change = (patch: Pick<Draft, "values" | "photos">) => {
    const next = { ...draft, ...patch, updatedTs: Date.now() };
    setDraft(next);
    saving.current = saving.current.then(() => outbox.saveDraft(next));
  };
  const setValue = (key: string, value: FormValue) =>
    change({ values: { ...draft.values, [key]: value }, photos: draft.photos });
  const setPhoto = (key: string, photo: KeptPhoto | null) => {
    const photos = { ...draft.photos };
    if (photo) photos[key] = photo;
    else delete photos[key];
    change({ values: draft.values, photos });
  };

  const errors = formValuesErrors(form.fields, checkedValues(form, draft));
  const shown = (key: string) => (checked ? errors[`values.${key}`] : undefined);

  const submit = async () => {
    setChecked(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await saving.current;
      const values = valuesAsShown(form.fields, draft.values, draft.openedTs);
      await outbox.submit(form, { ...draft, values }, await position(), Date.now());
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack data-testid="form-fill">
      <Group justify="space-between" wrap="nowrap">
        <Title order={5}>{form.name}</Title>
        <Button size="xs" variant="subtle" onClick={onDone} data-testid="form-back">
          {t("appForms.back")}
        </Button>
      </Group>
      {form.description ? (
        <Text size="sm" c="dimmed">
          {form.description}
        </Text>
      ) : null}
      {form.fields.map((field) =>
        field.type === "attachment" ? (
          <PhotoInput
            key={field.key}
            field={field}
            photo={draft.photos[field.key] ?? null}
            maxBytes={field.maxBytes ?? FORM_ATTACHMENT_MAX_BYTES}
            error={shown(field.key)}
            onChange={(photo) => setPhoto(field.key, photo)}
          />
        ) : (
          <FieldInput
            key={field.key}
            field={field}
            value={draft.values[field.key]}
            onChange={(value) => setValue(field.key, value)}
            error={shown(field.key)}
            timezone={timezone}
            attachment={null}
          />
        ),
      )}
      <Text size="xs" c="dimmed" data-testid="form-draft-saved">
        {t("appForms.savedOnPhone")}
      </Text>
      {checked && Object.keys(errors).length > 0 ? (
        <Alert color="red" data-testid="form-errors">
          {t("appForms.fixErrors")}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          onClick={() => void outbox.discardDraft(form.id).then(onDone)}
        >
          {t("appForms.discard")}
        </Button>
        <Button onClick={() => void submit()} loading={busy} data-testid="form-submit">
          {t("appForms.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
