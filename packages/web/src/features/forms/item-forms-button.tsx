import { Alert, Button, Modal, Select, Stack, Text } from "@mantine/core";
import { IconForms } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import {
  allows,
  type FormValue,
  type FormValues,
  filesApi,
  formsApi,
  formValuesErrors,
  valuesAsShown,
} from "@vigia/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldInput } from "../../kit/form-fields/field-input.tsx";
import { sendInline } from "../../kit/forms/send.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useUser } from "../../platform/session/session.ts";
import { itemFormsQuery } from "./api.ts";

type ItemKind = "vehicle" | "asset" | "person";

interface Props {
  kind: ItemKind;
  id: number;
  companyId: number;
  /** Where the item is now: stored with the submission. */
  position: { lat: number; lng: number } | null;
}

/** The live map's "edit forms" modal on the selected item: pick one of its forms, fill it in, send it. */
export function ItemFormsButton(props: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const [opened, setOpened] = useState(false);
  if (!allows(formsApi.submit.access, user)) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconForms size={14} />}
        onClick={() => setOpened(true)}
        data-testid="map-detail-forms"
      >
        {t("forms.editForms")}
      </Button>
      {opened && <ItemFormsModal {...props} onClose={() => setOpened(false)} />}
    </>
  );
}

function ItemFormsModal({ kind, id, companyId, position, onClose }: Props & { onClose(): void }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const forms = useQuery(itemFormsQuery(companyId, kind, id));
  const [formId, setFormId] = useState<number | null>(null);
  const [values, setValues] = useState<FormValues>({});
  // When the form was opened: a date-time field left alone shows it, and the submission carries it.
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = forms.data ?? [];
  // Kept between renders: the modal re-renders with every live position of its item, and a new options array
  // would reset the option a keyboard user has moved to.
  const choices = useMemo(
    () => (forms.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
    [forms.data],
  );
  const form = list.find((f) => f.id === formId) ?? (list.length === 1 ? list[0] : undefined);
  const shownValues = form ? valuesAsShown(form.fields, values, openedAt) : values;
  const errors = form ? { ...formValuesErrors(form.fields, shownValues), ...serverErrors } : {};
  const set = (key: string, v: FormValue) => {
    setValues((old) => ({ ...old, [key]: v }));
    setServerErrors(({ [`values.${key}`]: _gone, ...rest }) => rest);
    setSent(false);
  };
  const submit = async () => {
    if (!form) return;
    setShown(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const res = await sendInline(() =>
      api.call(
        formsApi.submit,
        {
          params: { companyId, id: form.id },
          body: {
            itemType: kind,
            itemId: id,
            version: form.version,
            values: shownValues,
            lat: position?.lat ?? null,
            lng: position?.lng ?? null,
            source: "web",
          },
        },
        { quiet: true },
      ),
    );
    setBusy(false);
    if (res.ok) {
      setValues({});
      setOpenedAt(Date.now());
      setShown(false);
      setSent(true);
      setFailure(null);
    } else {
      setServerErrors(res.fields);
      setFailure(apiErrorText(res.error, t));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t("forms.editForms")} size="lg" centered>
      <Stack gap="sm" data-testid="item-forms">
        {forms.isSuccess && list.length === 0 && <Text c="dimmed">{t("forms.noneForItem")}</Text>}
        {list.length > 1 && (
          <Select
            label={t("forms.form")}
            searchable
            data={choices}
            value={form ? String(form.id) : null}
            onChange={(v) => {
              setFormId(v === null ? null : Number(v));
              setValues({});
              setOpenedAt(Date.now());
              setShown(false);
            }}
            data-testid="item-forms-select"
          />
        )}
        {form && (
          <>
            {form.description && (
              <Text size="sm" c="dimmed">
                {form.description}
              </Text>
            )}
            {form.fields.map((f) => (
              <FieldInput
                key={f.key}
                field={f}
                value={shownValues[f.key]}
                onChange={(v) => set(f.key, v)}
                error={shown ? errors[`values.${f.key}`] : serverErrors[`values.${f.key}`]}
                timezone={timezone}
                upload={async (file) => {
                  const stored = await api.upload(
                    filesApi.upload,
                    { params: { companyId }, query: { name: file.name, kind: "document" } },
                    file,
                    { quiet: true },
                  );
                  return { id: stored.id, name: stored.name, size: stored.size, type: stored.mime };
                }}
              />
            ))}
            {sent && (
              <Alert color="green" data-testid="item-forms-sent">
                {t("forms.sent")}
              </Alert>
            )}
            {failure && <Alert color="red">{failure}</Alert>}
            <Button onClick={() => void submit()} loading={busy} data-testid="item-forms-submit">
              {t("forms.submit")}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
