import {
  Badge,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Switch,
  TagsInput,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DEFAULT_PERIODIC_REPORT,
  MONTH_DAY_MAX,
  PERIODIC_FORMATS,
  PERIODIC_FREQUENCIES,
  type PeriodicRow,
  type PeriodicRun,
  type PeriodicWrite,
  periodicApi,
  periodicWriteSchema,
  REPORT_TYPE_IDS,
  reportWords,
  WEEK_DAYS_MONDAY_FIRST,
} from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { CrudList } from "../../kit/crud/crud-list.tsx";
import { useCompanySave } from "../../kit/crud/use-company-save.ts";
import { allTimeZones, formatDateTime } from "../../kit/format/date.ts";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { type DataColumn, DataTable } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyIdForCalls, useCompanyRows } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { periodicQuery, periodicRunsQuery } from "./api.ts";

const STATUS_COLOR = { sent: "green", outbox: "blue", running: "gray", failed: "red" } as const;

/** /periodic (administrators): report schedules mailed daily, weekly or monthly, with their run history. */
export function PeriodicPage() {
  const { t, i18n } = useTranslation();
  const { companyId } = useCompany();
  const callsId = useCompanyIdForCalls();
  const { timezone } = useTimezone();
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<PeriodicRow | null>(null);
  const list = useQuery(periodicQuery(companyId));
  const reload = () => queryClient.invalidateQueries({ queryKey: periodicQuery(companyId).queryKey });
  const when = (r: PeriodicRow) => {
    const hour = `${String(r.hour).padStart(2, "0")}:00`;
    if (r.frequency === "weekly") return `${t(`trackRules.day.${r.weekDay}`)} ${hour}`;
    if (r.frequency === "monthly") return `${t("periodic.dayOfMonth")} ${r.monthDay}, ${hour}`;
    return hour;
  };
  const columns: DataColumn<PeriodicRow>[] = [
    { key: "name", header: t("mgmt.name"), value: (r) => r.name },
    {
      key: "report",
      header: t("periodic.report"),
      value: (r) => reportWords(i18n.language).titles[r.reportType],
    },
    {
      key: "frequency",
      header: t("periodic.frequency"),
      value: (r) => t(`periodic.frequencies.${r.frequency}`),
    },
    { key: "when", header: t("periodic.when"), value: (r) => `${when(r)} (${r.timezone})` },
    { key: "format", header: t("periodic.format"), value: (r) => r.format.toUpperCase() },
    { key: "recipients", header: t("periodic.recipients"), value: (r) => r.recipients.join(", ") },
    {
      key: "next",
      header: t("periodic.nextRun"),
      value: (r) => (r.nextRunTs ? formatDateTime(r.nextRunTs, timezone) : t("periodic.inactive")),
    },
    {
      key: "last",
      header: t("periodic.lastRun"),
      value: (r) => (r.lastStatus ? t(`periodic.status.${r.lastStatus}`) : ""),
      render: (r) =>
        r.lastStatus ? (
          <Tooltip label={r.lastError ?? formatDateTime(r.lastRunTs ?? 0, timezone)} multiline maw={360}>
            <Badge color={STATUS_COLOR[r.lastStatus]} variant="light" data-testid={`periodic-status-${r.id}`}>
              {t(`periodic.status.${r.lastStatus}`)}
            </Badge>
          </Tooltip>
        ) : null,
    },
  ];
  return (
    <>
      <CrudList
        name="periodic"
        title={t("routes.periodic")}
        rows={list.data ?? []}
        columns={columns}
        loading={list.isPending}
        label={(r) => r.name}
        remove={(r) =>
          api.call(periodicApi.remove, { params: { companyId: callsId(), id: r.id } }, { quiet: true })
        }
        afterDelete={reload}
        extraActions={[
          {
            key: "history",
            label: t("periodic.history"),
            icon: <IconHistory size={16} />,
            onClick: setHistory,
          },
        ]}
        form={(row, close, readOnly) => (
          <PeriodicForm row={row} readOnly={readOnly} onClose={close} onSaved={reload} />
        )}
      />
      {history ? <RunHistory schedule={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}

function PeriodicForm({
  row,
  readOnly,
  onClose,
  onSaved,
}: {
  row: PeriodicRow | null;
  readOnly: boolean;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { timezone } = useTimezone();
  const groups = useCompanyRows("groups");
  const vehicles = useCompanyRows("vehicles");
  const form = useZodForm(periodicWriteSchema, {
    name: row?.name ?? "",
    active: row?.active ?? true,
    reportType: row?.reportType ?? DEFAULT_PERIODIC_REPORT,
    selection: row?.selection ?? { groupIds: [], vehicleIds: [], assetIds: [], personIds: [], driverIds: [] },
    frequency: row?.frequency ?? "weekly",
    weekDay: row?.weekDay ?? 1,
    monthDay: row?.monthDay ?? 1,
    hour: row?.hour ?? 7,
    timezone: row?.timezone ?? timezone,
    recipients: row?.recipients ?? [],
    format: row?.format ?? "csv",
    deliveryUrl: row?.deliveryUrl ?? "",
  });
  const v = form.values;
  const selection = v.selection ?? {};
  const hours = Array.from({ length: 24 }, (_, h) => ({
    value: String(h),
    label: `${String(h).padStart(2, "0")}:00`,
  }));
  const send = useCompanySave<PeriodicWrite>(
    row?.id ?? null,
    (params, body) => api.call(periodicApi.create, { params, body }, { quiet: true }),
    (params, body) => api.call(periodicApi.update, { params, body }, { quiet: true }),
  );
  return (
    <CrudForm
      form={form}
      title={row ? t("periodic.edit") : t("periodic.new")}
      readOnly={readOnly}
      size="xl"
      send={send}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="name" label={t("mgmt.name")} required />
        <Select
          label={t("periodic.report")}
          withAsterisk
          searchable
          data={REPORT_TYPE_IDS.map((id) => ({ value: id, label: reportWords(i18n.language).titles[id] }))}
          value={v.reportType ?? null}
          allowDeselect={false}
          onChange={(value) => {
            const id = REPORT_TYPE_IDS.find((x) => x === value);
            if (id) form.set("reportType", id);
          }}
        />
        <MultiSelect
          label={t("insights.groups")}
          searchable
          data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
          value={(selection.groupIds ?? []).map(String)}
          onChange={(ids) => form.set("selection", { ...selection, groupIds: ids.map(Number) })}
          error={errorText(t, form.errorOf("selection"))}
          data-testid="field-groups"
        />
        <MultiSelect
          label={t("routes.vehicles")}
          searchable
          data={vehicles.map((x) => ({ value: String(x.id), label: x.name || x.plate }))}
          value={(selection.vehicleIds ?? []).map(String)}
          onChange={(ids) => form.set("selection", { ...selection, vehicleIds: ids.map(Number) })}
        />
        <Select
          label={t("periodic.frequency")}
          withAsterisk
          data={PERIODIC_FREQUENCIES.map((f) => ({ value: f, label: t(`periodic.frequencies.${f}`) }))}
          value={v.frequency ?? null}
          allowDeselect={false}
          onChange={(value) => {
            const f = PERIODIC_FREQUENCIES.find((x) => x === value);
            if (f) form.set("frequency", f);
          }}
          data-testid="field-frequency"
        />
        {v.frequency === "weekly" ? (
          <Select
            label={t("periodic.weekDay")}
            withAsterisk
            data={WEEK_DAYS_MONDAY_FIRST.map((d) => ({ value: String(d), label: t(`trackRules.day.${d}`) }))}
            value={String(v.weekDay ?? 1)}
            allowDeselect={false}
            onChange={(value) => value && form.set("weekDay", Number(value))}
          />
        ) : v.frequency === "monthly" ? (
          <Select
            label={t("periodic.dayOfMonth")}
            withAsterisk
            data={Array.from({ length: MONTH_DAY_MAX }, (_, i) => String(i + 1))}
            value={String(v.monthDay ?? 1)}
            allowDeselect={false}
            onChange={(value) => value && form.set("monthDay", Number(value))}
            error={errorText(t, form.errorOf("monthDay"))}
          />
        ) : (
          <div />
        )}
        <Select
          label={t("periodic.hour")}
          withAsterisk
          data={hours}
          value={String(v.hour ?? 7)}
          allowDeselect={false}
          onChange={(value) => value && form.set("hour", Number(value))}
        />
        <Select
          label={t("users.timezone")}
          withAsterisk
          searchable
          data={allTimeZones()}
          value={v.timezone ?? null}
          allowDeselect={false}
          onChange={(value) => value && form.set("timezone", value)}
          error={errorText(t, form.errorOf("timezone"))}
        />
        <TagsInput
          label={t("periodic.recipients")}
          withAsterisk
          description={t("periodic.recipientsHint")}
          value={v.recipients ?? []}
          onChange={(list) => form.set("recipients", list)}
          error={errorText(
            t,
            form.errorOf("recipients") ??
              Object.entries(form.errors).find(([k]) => k.startsWith("recipients."))?.[1],
          )}
          data-testid="field-recipients"
        />
        <Select
          label={t("periodic.format")}
          withAsterisk
          data={PERIODIC_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
          value={v.format ?? null}
          allowDeselect={false}
          onChange={(value) => {
            const f = PERIODIC_FORMATS.find((x) => x === value);
            if (f) form.set("format", f);
          }}
        />
        <TextField form={form} name="deliveryUrl" label={t("periodic.deliveryUrl")} />
        <Switch
          mt="lg"
          label={t("periodic.active")}
          checked={v.active ?? true}
          onChange={(e) => form.set("active", e.currentTarget.checked)}
        />
      </SimpleGrid>
    </CrudForm>
  );
}

function RunHistory({ schedule, onClose }: { schedule: PeriodicRow; onClose(): void }) {
  const { t } = useTranslation();
  const companyId = useCompanyIdForCalls();
  const { timezone } = useTimezone();
  const runs = useQuery(periodicRunsQuery(schedule.id, companyId));
  const columns: DataColumn<PeriodicRun>[] = [
    { key: "due", header: t("periodic.due"), value: (r) => formatDateTime(r.dueTs, timezone) },
    {
      key: "period",
      header: t("insights.period"),
      value: (r) => `${formatDateTime(r.fromTs, timezone)} – ${formatDateTime(r.toTs, timezone)}`,
    },
    {
      key: "status",
      header: t("periodic.lastRun"),
      value: (r) => t(`periodic.status.${r.status}`),
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light">
          {t(`periodic.status.${r.status}`)}
        </Badge>
      ),
    },
    { key: "attempts", header: t("periodic.attempts"), value: (r) => r.attempts },
    {
      key: "retry",
      header: t("periodic.nextAttempt"),
      value: (r) => (r.nextAttemptTs ? formatDateTime(r.nextAttemptTs, timezone) : ""),
    },
    { key: "error", header: t("periodic.error"), value: (r) => r.error ?? "" },
  ];
  return (
    <Modal opened onClose={onClose} size="xl" title={`${t("periodic.history")}: ${schedule.name}`}>
      {runs.data?.length === 0 ? (
        <Text c="dimmed">{t("periodic.noRuns")}</Text>
      ) : (
        <Group>
          <DataTable
            name="periodic_runs"
            title={schedule.name}
            rows={runs.data ?? []}
            rowKey={(r) => r.id}
            columns={columns}
            readOnly
            loading={runs.isPending}
            initialSort={{ key: "due", dir: "desc" }}
          />
        </Group>
      )}
    </Modal>
  );
}
