import {
  Autocomplete,
  Button,
  Checkbox,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import {
  FILE_KINDS,
  filesApi,
  ITEM_TYPE,
  MAINTENANCE_TASKS,
  type Revision,
  type RevisionValues,
  revisionWriteSchema,
  type StoredFile,
} from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { errorText } from "../../kit/forms/errors.ts";
import { NumberField } from "../../kit/forms/fields.tsx";
import { FormModal } from "../../kit/forms/form-modal.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompanyRows } from "../../platform/company/index.ts";

/** Vehicles and assets as one select: `1:<id>` and `2:<id>`. */
export function useItemOptions() {
  const { t } = useTranslation();
  const vehicles = useCompanyRows("vehicles");
  const assets = useCompanyRows("assets");
  return [
    {
      group: t("routes.vehicles"),
      items: vehicles.map((v) => ({ value: `1:${v.id}`, label: v.name || v.plate })),
    },
    { group: t("routes.assets"), items: assets.map((a) => ({ value: `2:${a.id}`, label: a.name })) },
  ];
}

/** Plan (or edit) a revision: item or group, task, every N km/days/hours and the warning before. */
export function RevisionForm({
  row,
  send,
  onClose,
  onSaved,
}: {
  row: Revision | null;
  /** Plans or updates the revision. */
  send(values: RevisionValues): Promise<unknown>;
  onClose(): void;
  onSaved(): unknown;
}) {
  const { t } = useTranslation();
  const items = useItemOptions();
  const groups = useCompanyRows("groups");
  const form = useZodForm(revisionWriteSchema, {
    itemType: row?.itemType === ITEM_TYPE.asset ? 2 : 1,
    itemId: row?.itemId ?? null,
    groupId: null,
    task: row?.task ?? "",
    everyKm: row?.everyKm ?? null,
    everyDays: row?.everyDays ?? null,
    everyHours: row?.everyHours ?? null,
    warnKm: row?.warnKm ?? 0,
    warnDays: row?.warnDays ?? 0,
    warnHours: row?.warnHours ?? 0,
    notes: row?.notes ?? "",
  });
  const item = form.values.itemId ? `${form.values.itemType ?? 1}:${form.values.itemId}` : null;
  return (
    <CrudForm
      form={form}
      title={row ? t("maintenance.edit") : t("maintenance.new")}
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("maintenance.item")}
          data={items}
          value={item}
          disabled={row !== null}
          searchable
          clearable
          onChange={(v) => {
            const [type, id] = (v ?? "").split(":").map(Number);
            form.set("itemType", type === 2 ? 2 : 1);
            form.set("itemId", id ? id : null);
          }}
          error={errorText(t, form.errorOf("itemId"))}
          data-testid="field-item"
        />
        {row ? null : (
          <Select
            label={t("maintenance.orGroup")}
            data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
            value={form.values.groupId ? String(form.values.groupId) : null}
            disabled={item !== null}
            clearable
            onChange={(v) => form.set("groupId", v ? Number(v) : null)}
          />
        )}
        <Autocomplete
          label={t("maintenance.task")}
          withAsterisk
          data={MAINTENANCE_TASKS.map((task) => t(`maintenance.tasks.${task}`))}
          value={form.values.task ?? ""}
          onChange={(v) => form.set("task", v)}
          error={errorText(t, form.errorOf("task"))}
          data-testid="field-task"
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t("maintenance.intervalHelp")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberField form={form} name="everyKm" label={t("maintenance.everyKm")} />
        <NumberField form={form} name="everyDays" label={t("maintenance.everyDays")} />
        <NumberField form={form} name="everyHours" label={t("maintenance.everyHours")} />
        <NumberField form={form} name="warnKm" label={t("maintenance.warnKm")} zeroWhenEmpty />
        <NumberField form={form} name="warnDays" label={t("maintenance.warnDays")} zeroWhenEmpty />
        <NumberField form={form} name="warnHours" label={t("maintenance.warnHours")} zeroWhenEmpty />
      </SimpleGrid>
    </CrudForm>
  );
}

export interface DoneValues {
  date: string;
  km: number | null;
  hours: number | null;
  workshop: string;
  notes: string;
  costId: number | null;
  fileIds: number[];
  scheduleNext: boolean;
}

/** Mark done: date, odometer, hour meter, workshop, notes, a cost, attachments, and whether to plan the next. */
export function DoneForm({
  row,
  today,
  companyId,
  costs,
  onClose,
  onSave,
}: {
  row: Revision;
  today: string;
  companyId: number;
  costs: { id: number; label: string }[];
  onClose(): void;
  onSave(values: DoneValues): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DoneValues>({
    date: today,
    km: row.currentKm !== null ? Math.round(row.currentKm) : null,
    hours: row.currentHours !== null ? Math.round(row.currentHours) : null,
    workshop: "",
    notes: "",
    costId: null,
    fileIds: [],
    scheduleNext: true,
  });
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > FILE_KINDS.document.maxBytes) {
      setUploadError(t("apiErrors.file_tooLarge"));
      return;
    }
    try {
      const stored = await api.upload(
        filesApi.upload,
        { params: { companyId }, query: { name: file.name, kind: "document" } },
        file,
        { quiet: true },
      );
      setFiles((f) => [...f, stored]);
      setValues((v) => ({ ...v, fileIds: [...v.fileIds, stored.id] }));
    } catch (e) {
      setUploadError(
        e instanceof ApiError ? t(`apiErrors.${e.description.replace(/[^A-Za-z0-9]+/g, "_")}`) : String(e),
      );
    }
  };
  const number = (text: string) => (text.trim() === "" || Number.isNaN(Number(text)) ? null : Number(text));
  return (
    <FormModal
      opened
      title={t("maintenance.markDone", { task: row.task, item: row.itemName })}
      onClose={onClose}
      valid={values.date !== ""}
      onSave={() => onSave(values)}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          type="date"
          label={t("costs.date")}
          value={values.date}
          onChange={(e) => setValues({ ...values, date: e.currentTarget.value })}
          data-testid="done-date"
        />
        <TextInput
          label={t("maintenance.odometer")}
          value={values.km ?? ""}
          onChange={(e) => setValues({ ...values, km: number(e.currentTarget.value) })}
        />
        <TextInput
          label={t("maintenance.hourMeter")}
          value={values.hours ?? ""}
          onChange={(e) => setValues({ ...values, hours: number(e.currentTarget.value) })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("maintenance.workshop")}
          value={values.workshop}
          onChange={(e) => setValues({ ...values, workshop: e.currentTarget.value })}
          data-testid="done-workshop"
        />
        <Select
          label={t("maintenance.cost")}
          data={costs.map((c) => ({ value: String(c.id), label: c.label }))}
          value={values.costId ? String(values.costId) : null}
          onChange={(v) => setValues({ ...values, costId: v ? Number(v) : null })}
          searchable
          clearable
        />
      </SimpleGrid>
      <TextInput
        label={t("maintenance.notes")}
        value={values.notes}
        onChange={(e) => setValues({ ...values, notes: e.currentTarget.value })}
      />
      <Group gap="xs">
        <FileButton onChange={(f) => void upload(f)} accept={FILE_KINDS.document.mimes.join(",")}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />}>
              {t("maintenance.attach")}
            </Button>
          )}
        </FileButton>
        {files.map((f) => (
          <Text key={f.id} size="xs">
            {f.name}
          </Text>
        ))}
      </Group>
      {uploadError ? (
        <Text size="xs" c="red">
          {uploadError}
        </Text>
      ) : null}
      <Checkbox
        label={t("maintenance.scheduleNext")}
        checked={values.scheduleNext}
        onChange={(e) => setValues({ ...values, scheduleNext: e.currentTarget.checked })}
      />
    </FormModal>
  );
}
