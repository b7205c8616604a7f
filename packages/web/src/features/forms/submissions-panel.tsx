import { Group, Image, Modal, Select, Stack, Table, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import {
  type Form,
  type FormField,
  type FormValue,
  filesApi,
  formValueText,
  latestStorableTs,
  type Submission,
} from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileLink } from "../../kit/files/file-link.tsx";
import { formatDateTime } from "../../kit/format/date.ts";
import { RangePicker } from "../../kit/pickers/range-picker.tsx";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { attachedFileQuery, submissionQuery, submissionsQuery } from "./api.ts";

const DAY = 86_400_000;

/** Submissions of one form: period and item-kind filters, a column per field, export, and the detail view. */
export function SubmissionsPanel({ form, companyId }: { form: Form; companyId: number }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const [range, setRange] = useState(() => {
    // Like the alarm list: a phone clock a little ahead must not hide what just came in.
    const now = Date.now();
    return { from: now - 30 * DAY, to: latestStorableTs(now) };
  });
  const [kind, setKind] = useState<"vehicle" | "asset" | "person" | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery(submissionsQuery(companyId, form.id, range, kind));
  const columns = useMemo<DataColumn<Submission>[]>(
    () => [
      { key: "ts", header: t("forms.date"), value: (s) => formatDateTime(s.ts, timezone), sortable: true },
      { key: "item", header: t("forms.item"), value: (s) => s.itemName, sortable: true },
      { key: "author", header: t("forms.author"), value: (s) => s.author, sortable: true },
      { key: "version", header: t("forms.version"), value: (s) => s.version, sortable: true, width: 80 },
      { key: "source", header: t("forms.source"), value: (s) => t(`forms.sources.${s.source}`) },
      ...form.fields.map(
        (f): DataColumn<Submission> => ({
          key: `v-${f.key}`,
          header: f.label,
          value: (s) => formValueText(f, s.values[f.key]),
          exportable: f.type !== "signature",
        }),
      ),
    ],
    [t, timezone, form.fields],
  );
  return (
    <Stack gap="sm" data-testid="submissions">
      <Group align="flex-end">
        <RangePicker initial={range} onShow={setRange} />
        <Select
          label={t("forms.itemKind")}
          clearable
          w={160}
          data={(["vehicle", "asset", "person"] as const).map((k) => ({
            value: k,
            label: t(`tickets.links.${k}`),
          }))}
          value={kind}
          onChange={(v) => setKind(v as typeof kind)}
        />
      </Group>
      <DataTable
        name={`form_${form.id}`}
        title={`${form.name}: ${t("forms.submissions")}`}
        rows={list.data ?? []}
        rowKey={(s) => s.id}
        columns={columns}
        loading={list.isLoading}
        // Opening a row only reads: every user gets it; writes are gated inside.
        readOnly={false}
        initialSort={{ key: "ts", dir: "desc" }}
        dateRange={`${formatDateTime(range.from, timezone)} – ${formatDateTime(range.to, timezone)}`}
        actions={[
          { key: "view", label: t("forms.view"), icon: <IconEye size={16} />, onClick: (s) => setOpen(s.id) },
        ]}
      />
      {open !== null && <SubmissionDetail companyId={companyId} id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function ValueView({
  field,
  value,
  companyId,
}: {
  field: FormField;
  value: FormValue | undefined;
  companyId: number;
}) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  if (value === undefined || value === null) return <Text c="dimmed">—</Text>;
  if (field.type === "signature" && typeof value === "string")
    return (
      <Image
        src={value}
        alt={field.label}
        maw={320}
        bd="1px solid var(--mantine-color-gray-3)"
        data-testid="submission-signature"
      />
    );
  if (field.type === "datetime" && typeof value === "number")
    return <Text>{formatDateTime(value, timezone)}</Text>;
  if (field.type === "attachment" && typeof value === "object" && !Array.isArray(value) && "name" in value) {
    const load = () => api.blob(filesApi.download, { params: { companyId, id: value.id }, query: {} });
    return (
      <Stack gap={4}>
        {value.type.startsWith("image/") ? (
          <PhotoPreview companyId={companyId} id={value.id} name={value.name} load={load} />
        ) : null}
        <FileLink file={value} load={load} />
      </Stack>
    );
  }
  if (field.type === "rating" && typeof value === "number")
    return <Text>{`${"★".repeat(value)}${"☆".repeat(Math.max(0, (field.stars ?? 5) - value))}`}</Text>;
  if (typeof value === "boolean") return <Text>{value ? t("forms.yes") : t("forms.no")}</Text>;
  return <Text>{formValueText(field, value)}</Text>;
}

/** A photo of an attachment field, shown in the detail (a field worker's photo is the point of the answer). */
function PhotoPreview({
  companyId,
  id,
  name,
  load,
}: {
  companyId: number;
  id: number;
  name: string;
  load(): Promise<Blob>;
}) {
  const photo = useQuery(attachedFileQuery(companyId, id, load));
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? (
    <Image src={url} alt={name} maw={320} mah={240} fit="contain" w="auto" data-testid="submission-photo" />
  ) : null;
}

function SubmissionDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose(): void }) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const detail = useQuery(submissionQuery(companyId, id));
  const s = detail.data?.submission;
  return (
    <Modal opened onClose={onClose} title={t("forms.submission")} size="lg" centered>
      {s && detail.data && (
        <Stack gap="xs" data-testid="submission-detail">
          <Text size="sm" c="dimmed">
            {s.formName} · v{s.version} · {s.itemName} · {s.author} · {formatDateTime(s.ts, timezone)}
            {s.lat !== null && s.lng !== null ? ` · ${s.lat.toFixed(5)}, ${s.lng.toFixed(5)}` : ""}
          </Text>
          <Table>
            <Table.Tbody>
              {detail.data.fields.map((f) => (
                <Table.Tr key={f.key}>
                  <Table.Td c="dimmed" w="35%">
                    {f.label}
                  </Table.Td>
                  <Table.Td>
                    <ValueView field={f} value={s.values[f.key]} companyId={companyId} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
