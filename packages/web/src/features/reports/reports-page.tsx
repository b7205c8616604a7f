import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  DATE_PRESETS,
  type DatePreset,
  DRIVING_EVENT_KINDS,
  RANGE_OPTIONS_MS,
  REPORT_FORMATS,
  type ReportJob,
  type ReportRange,
  type ReportTypeId,
  reportsApi,
  reportTypeDef,
  reportWords,
} from "@vigia/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { fromZonedInput, toZonedInput } from "../../kit/format/date.ts";
import { IdsSelect } from "../../kit/forms/ids-select.tsx";
import { LocalDateTimeInput } from "../../kit/pickers/range-picker.tsx";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyRows } from "../../platform/company/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import {
  emptyReportForm,
  formErrors,
  presetRange,
  type ReportForm,
  sensorOptions,
  toRequest,
  WEEK_DAYS,
} from "./definition.ts";
import { ReportResultView } from "./report-result-view.tsx";
import { useZoneOptions } from "./zone-options.ts";

/** How often a running job is asked for its progress. */
const POLL_MS = 500;
const DAY_IDS_LABEL = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

function useLocalMidnight(): (ts: number) => number {
  const { timezone } = useTimezone();
  return (ts) => fromZonedInput(`${toZonedInput(ts, timezone).slice(0, 10)}T00:00`, timezone);
}

/** /reports: the report store form, a job with progress and cancel, then the result or the file. */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { timezone } = useTimezone();
  const { companyId, data } = useCompany();
  const midnight = useLocalMidnight();
  const [form, setForm] = useState<ReportForm>(() => emptyReportForm(Date.now()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [job, setJob] = useState<ReportJob | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const pendingFormat = useRef<ReportForm["format"]>(null);
  const words = reportWords(i18n.language);

  const groups = useCompanyRows("groups");
  const vehicles = useCompanyRows("vehicles");
  const assets = useCompanyRows("assets");
  const persons = useCompanyRows("persons");
  const drivers = useCompanyRows("drivers");
  const events = useCompanyRows("events");
  const sensors = useCompanyRows("sensors");
  const catalogue = data.report_types ?? {};
  const def = form.type ? reportTypeDef(form.type) : null;
  const zoneOptions = useZoneOptions(form.type);

  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setRange = (key: ReportRange, value: number) =>
    setForm((f) => ({ ...f, ranges: { ...f.ranges, [key]: value } }));
  const ids = (values: string[]) => values.map(Number);
  const err = (key: string) =>
    errors[key] ? t(`reports.errors.${errors[key]!.replace(/^reports\./, "")}`) : undefined;
  // The items a report may be narrowed to: those its subject (items, drivers) has; all before a type is chosen.
  const selections = [
    { key: "groupsId", label: t("reports.groups"), rows: groups, shown: true, testId: undefined },
    {
      key: "vehiclesId",
      label: t("reports.vehicles"),
      rows: vehicles.map((v) => ({ id: v.id, name: v.name || v.plate })),
      shown: def?.subject !== "drivers",
      testId: "report-vehicles",
    },
    {
      key: "assetsId",
      label: t("reports.assets"),
      rows: assets,
      shown: def?.subject === "items" || !def,
      testId: undefined,
    },
    {
      key: "personsId",
      label: t("reports.persons"),
      rows: persons,
      shown: def?.subject === "items" || !def,
      testId: undefined,
    },
    {
      key: "driversId",
      label: t("reports.drivers"),
      rows: drivers,
      shown: def?.subject === "drivers" || !def,
      testId: undefined,
    },
  ] as const;

  // Poll the running job until it settles.
  useEffect(() => {
    if (job?.state !== "running" || companyId === null) return;
    const timer = setTimeout(() => {
      api
        .call(reportsApi.job, { params: { companyId, jobId: job.id } }, { quiet: true })
        .then(setJob)
        .catch((e: unknown) => setFailure(e instanceof ApiError ? apiErrorText(e, t) : String(e)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, companyId, t]);

  // A finished job asked for a file downloads it once.
  useEffect(() => {
    const format = pendingFormat.current;
    if (job?.state !== "done" || companyId === null || !format || format === "screen") return;
    pendingFormat.current = null;
    void download(format);
  });

  async function download(format: "pdf" | "xlsx" | "csv") {
    if (!job || companyId === null) return;
    setDownloading(true);
    try {
      const file = await api.download(reportsApi.file, {
        params: { companyId, jobId: job.id },
        query: { format },
      });
      const url = URL.createObjectURL(file.blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = file.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setDownloading(false);
    }
  }

  async function submit() {
    const range = presetRange(form.preset, Date.now(), midnight, form);
    const found = formErrors(form, range);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || companyId === null) return;
    pendingFormat.current = form.format;
    try {
      setJob(
        await api.call(
          reportsApi.startJob,
          { params: { companyId }, body: toRequest(form, range, i18n.language, timezone) },
          { quiet: true },
        ),
      );
    } catch (e) {
      setJob(null);
      if (e instanceof ApiError && e.status === 400) setFailure(t("reports.errors.invalid"));
      else setFailure(e instanceof ApiError ? apiErrorText(e, t) : String(e));
    }
  }

  async function cancel() {
    if (!job || companyId === null) return;
    await api.call(reportsApi.cancelJob, { params: { companyId, jobId: job.id } });
    setJob({ ...job, state: "cancelled" });
  }

  const typeOptions = useMemo(
    () => Object.keys(catalogue).map((id) => ({ value: id, label: words.titles[id as ReportTypeId] ?? id })),
    [catalogue, words],
  );
  const timeRange = (key: ReportRange) => (
    <Select
      key={key}
      label={t(`reports.ranges.${key}`)}
      data={RANGE_OPTIONS_MS.map((ms) => ({ value: String(ms), label: t(`reports.rangeOptions.${ms}`) }))}
      value={String(form.ranges[key])}
      onChange={(v) => setRange(key, Number(v ?? 0))}
      allowDeselect={false}
    />
  );
  const running = job?.state === "running";
  // The greyed fields of a preset show the period it stands for.
  const shownPeriod = presetRange(form.preset, Date.now(), midnight, form);

  return (
    <Stack p="md" gap="md" data-testid="reports-page">
      <Group justify="space-between" align="baseline">
        <Title order={3}>{t("routes.reports")}</Title>
        <Anchor component={Link} to="/help/reports" size="sm" data-testid="report-definitions">
          {t("reports.definitions")}
        </Anchor>
      </Group>
      <Card withBorder>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Select
              label={t("reports.type")}
              data={typeOptions}
              value={form.type}
              onChange={(v) => set("type", (v as ReportTypeId | null) ?? null)}
              error={err("type")}
              searchable
              withAsterisk
              data-testid="report-type"
            />
            <TextInput
              label={t("reports.name")}
              value={form.name}
              onChange={(e) => set("name", e.currentTarget.value)}
              maxLength={100}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("reports.format")} <span style={{ color: "var(--mantine-color-red-6)" }}>*</span>
              </Text>
              <SegmentedControl
                data={REPORT_FORMATS.map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
                value={form.format ?? "screen"}
                onChange={(v) => set("format", v as ReportForm["format"])}
                data-testid="report-format"
              />
            </Stack>
          </SimpleGrid>
          <Text size="sm" fw={600}>
            {t("reports.selection")}
          </Text>
          {errors.selection ? (
            <Text c="red" size="sm" data-testid="report-selection-error">
              {err("selection")}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {selections.map((selection) =>
              selection.shown ? (
                <IdsSelect
                  key={selection.key}
                  label={selection.label}
                  rows={selection.rows}
                  value={form[selection.key]}
                  onChange={(v) => set(selection.key, v)}
                  clearable
                  data-testid={selection.testId}
                />
              ) : null,
            )}
            {def?.uses === "events" ? (
              <MultiSelect
                label={t("reports.events")}
                data={
                  form.type === "alarmNotices"
                    ? events.map((e) => ({
                        value: String(e.id),
                        label: t(`alarms.events.${e.name}`, { defaultValue: e.name }),
                      }))
                    : DRIVING_EVENT_KINDS.map((k) => ({
                        value: k,
                        label: words.columns[k === "overspeed" ? "speeding" : k] ?? k,
                      }))
                }
                value={form.events}
                onChange={(v) => set("events", v)}
                clearable
              />
            ) : null}
            {def?.uses === "sensors" ? (
              <MultiSelect
                label={t("reports.sensors")}
                data={sensorOptions(
                  sensors,
                  form.sensors,
                  (s) => s.label || t(`sensors.name.${s.name}`, { defaultValue: s.id }),
                )}
                value={form.sensors}
                onChange={(v) => set("sensors", v)}
                searchable
                clearable
              />
            ) : null}
            {def?.zones ? (
              <MultiSelect
                label={t("reports.zoneFilter")}
                data={zoneOptions}
                value={form.zoneIds.map(String)}
                onChange={(v) => set("zoneIds", ids(v))}
                searchable
                clearable
              />
            ) : null}
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t("reports.readableAddresses")}
              checked={form.readableAddresses}
              onChange={(e) => set("readableAddresses", e.currentTarget.checked)}
            />
            <Checkbox
              label={t("reports.showGeozones")}
              checked={form.showGeozones}
              onChange={(e) => set("showGeozones", e.currentTarget.checked)}
            />
            <Checkbox
              label={t("reports.showPois")}
              checked={form.showPois}
              onChange={(e) => set("showPois", e.currentTarget.checked)}
            />
          </Group>
          {def?.ranges.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {def.ranges.map((key) =>
                key === "maxSpeed" ? (
                  <NumberInput
                    key={key}
                    label={t("reports.ranges.maxSpeed")}
                    // 0 is "none chosen": the field stays empty and says what is used instead.
                    value={form.ranges.maxSpeed || ""}
                    placeholder={t("reports.ranges.maxSpeedOwn")}
                    min={0}
                    max={400}
                    suffix=" km/h"
                    onChange={(v) => setRange("maxSpeed", Number(v) || 0)}
                  />
                ) : (
                  timeRange(key)
                ),
              )}
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t("reports.period")}
              data={[...Object.keys(DATE_PRESETS), "custom"].map((p) => ({
                value: p,
                label: t(`reports.presets.${p}`),
              }))}
              value={form.preset}
              onChange={(v) => {
                const preset = (v as DatePreset | null) ?? "lastWeek";
                // Switching to a custom period starts from the period shown until then.
                setForm((f) => ({ ...f, preset, ...(preset === "custom" ? shownPeriod : {}) }));
              }}
              error={err("timeLimits")}
              allowDeselect={false}
              data-testid="report-preset"
            />
            {(["from", "to"] as const).map((end) => (
              <LocalDateTimeInput
                key={end}
                label={t(`alarms.${end}`)}
                data-testid={`report-${end}`}
                value={toZonedInput(shownPeriod[end], timezone)}
                onChange={(v) => set(end, fromZonedInput(v, timezone))}
                disabled={form.preset !== "custom"}
              />
            ))}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("reports.days")} <span style={{ color: "var(--mantine-color-red-6)" }}>*</span>
            </Text>
            <Chip.Group multiple value={form.days.map(String)} onChange={(v) => set("days", ids(v))}>
              <Group gap={6}>
                {WEEK_DAYS.map((d) => (
                  <Chip key={d} value={String(d)} size="xs">
                    {t(`reports.weekdays.${DAY_IDS_LABEL[d]}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.days ? (
              <Text c="red" size="xs">
                {err("days")}
              </Text>
            ) : null}
          </Stack>
          <Group>
            <Button onClick={() => void submit()} loading={running || downloading} data-testid="report-run">
              {t("reports.run")}
            </Button>
            {running ? (
              <Button variant="default" onClick={() => void cancel()} data-testid="report-cancel">
                {t("reports.cancel")}
              </Button>
            ) : null}
            {job?.state === "done" ? (
              <Group gap={6}>
                {(["pdf", "xlsx", "csv"] as const).map((f) => (
                  <Button
                    key={f}
                    size="xs"
                    variant="light"
                    onClick={() => void download(f)}
                    data-testid={`report-download-${f}`}
                  >
                    {t(`reports.formats.${f}`)}
                  </Button>
                ))}
              </Group>
            ) : null}
          </Group>
          {running ? (
            <Progress value={Math.round((job?.progress ?? 0) * 100)} animated data-testid="report-progress" />
          ) : null}
          {job?.state === "cancelled" ? <Text c="dimmed">{t("reports.cancelled")}</Text> : null}
          {job?.state === "failed" ? (
            <Alert color="red">
              {t(`apiErrors.${(job.error ?? "report.failed").replace(/[^A-Za-z0-9]+/g, "_")}`)}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" data-testid="report-failure">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </Card>
      {job?.state === "done" && job.result ? <ReportResultView result={job.result} /> : null}
    </Stack>
  );
}
