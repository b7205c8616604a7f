import {
  Button,
  Checkbox,
  Collapse,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import {
  ALARM_DESCRIPTION_MAX,
  ALARM_NAME_MAX,
  ALARM_SAVE_LOCK_MS,
  type AlarmRule,
  type AlarmRuleInput,
  alarmRuleErrors,
  applyFamilyPreset,
  emptyAlarmRule,
  TIME_FAMILIES,
  VEHICLE_ONLY_FAMILIES,
} from "@vigia/domain";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useCompany } from "../company/index.ts";
import { type AlarmInputs, rulesApi } from "./center.ts";
import { DurationInput, ExtUsersEditor, WeekTimeEditor } from "./formParts.tsx";

type Option = { value: string; label: string };
const KIND = { 1: "vehicle", 2: "asset", 3: "person" } as const;

/** Options from a company-load collection keyed by id. */
function options(raw: unknown, label: (r: Record<string, unknown>) => string): Option[] {
  const rows = Object.values((raw ?? {}) as Record<string, Record<string, unknown>>);
  return rows
    .map((r) => ({ value: String(r.id), label: label(r) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
const ids = (values: string[]) => values.map(Number);
const strs = (values: readonly number[]) => values.map(String);

function Section({
  title,
  children,
  open,
  onToggle,
}: {
  title: string;
  children: ReactNode;
  open: boolean;
  onToggle(): void;
}) {
  return (
    <>
      <UnstyledButton onClick={onToggle}>
        <Group gap={4}>
          {open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          <Text fw={600}>{title}</Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="sm" pl="md">
          {children}
        </Stack>
      </Collapse>
    </>
  );
}

interface Props {
  companyId: number;
  inputs: AlarmInputs | null;
  /** null: create mode. */
  rule: AlarmRule | null;
  opened: boolean;
  onClose(result: AlarmRule | null): void;
}

/** The alarm rule form of spec 02 §2, with save disabled by the domain's `alarmRuleErrors`. */
export function AlarmRuleForm({ companyId, inputs, rule, opened, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { data, info } = useCompany();
  const { timezone } = useTimezone();
  const [form, setForm] = useState<AlarmRuleInput>(() => emptyAlarmRule(timezone));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [notifOpen, setNotifOpen] = useState(false);
  const [users, setUsers] = useState<Option[]>([]);
  const [persons, setPersons] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);
  const lockUntil = useRef(0);

  useEffect(() => {
    if (!opened) return;
    if (rule) {
      const { id: _id, createdTs: _c, updatedTs: _u, ...input } = rule;
      setForm(input);
    } else setForm(emptyAlarmRule(timezone));
    // Users (and persons, not part of the company load) are fetched once per opening.
    void api
      .get<Record<string, { id: number; firstName: string; lastName: string; email: string }>>(
        `companies/id/${companyId}/users`,
      )
      .then((r) =>
        setUsers(
          Object.values(r ?? {}).map((u) => ({
            value: String(u.id),
            label: `${u.firstName} ${u.lastName} <${u.email}>`,
          })),
        ),
      )
      .catch(() => setUsers([]));
    void api
      .get<Record<string, { id: number; name: string }>>(`companies/id/${companyId}/persons`)
      .then((r) => setPersons(options(r, (p) => String(p.name))))
      .catch(() => setPersons([]));
  }, [opened, rule, companyId, timezone]);

  const errors = useMemo(() => alarmRuleErrors(form), [form]);
  const err = (key: string) => (errors[key] ? t(`alarms.errors.${errors[key]}`) : undefined);
  const editing = rule !== null;
  const type = form.items.itemsType as 1 | 2 | 3;
  const family = form.info.family;
  const set = <K extends keyof AlarmRuleInput>(key: K, value: Partial<AlarmRuleInput[K]>) =>
    setForm((f) => ({ ...f, [key]: { ...f[key], ...value } }));

  const groups = options(data.groups, (g) => String(g.name));
  const vehicles = options(data.vehicles, (v) => String(v.name || v.plate));
  const assets = options(data.assets, (a) => String(a.name));
  const geozones = options(data.geozones, (g) => String(g.name));
  const pois = options(data.pois, (p) => String(p.name));
  const cras = options(data.cras, (c) => String(c.name));
  const states = options(
    (info?.conf.customStates as Record<string, unknown> | undefined)?.[KIND[type] ?? "vehicle"],
    (s) => String(s.description || `#${s.id}`),
  );
  const families: Option[] = Object.values(inputs?.families ?? {}).map((f) => ({
    value: String(f.id),
    label: f.name[i18n.language] ?? f.name.en ?? String(f.id),
  }));
  const itemOptions = type === 1 ? vehicles : type === 2 ? assets : persons;
  const itemKey = type === 1 ? "vehicleIds" : type === 2 ? "assetIds" : "personIds";

  const save = async () => {
    const now = Date.now();
    if (now < lockUntil.current || Object.keys(errors).length > 0) return;
    lockUntil.current = now + ALARM_SAVE_LOCK_MS;
    setSaving(true);
    try {
      const saved = editing
        ? await rulesApi.update(companyId, rule.id, form)
        : await rulesApi.create(companyId, form);
      onClose(saved);
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onClose(null)}
      size="xl"
      title={editing ? t("alarms.form.edit") : t("alarms.form.new")}
      data-testid="alarm-rule-form"
    >
      <Stack gap="sm">
        <Switch
          label={t("alarms.form.active")}
          checked={form.info.active}
          onChange={(e) => set("info", { active: e.currentTarget.checked })}
        />
        <TextInput
          label={t("alarms.form.name")}
          withAsterisk
          maxLength={ALARM_NAME_MAX}
          value={form.info.name}
          onChange={(e) => set("info", { name: e.currentTarget.value })}
          error={form.info.name ? err("info.name") : undefined}
          data-testid="rule-name"
        />
        <Textarea
          label={t("alarms.form.description")}
          maxLength={ALARM_DESCRIPTION_MAX}
          value={form.info.description}
          onChange={(e) => set("info", { description: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <Group grow>
          <Select
            label={t("alarms.form.family")}
            withAsterisk
            data={families}
            value={family === null ? null : String(family)}
            disabled={editing}
            data-testid="rule-family"
            onChange={(v) => v && setForm((f) => applyFamilyPreset(f, Number(v)))}
          />
          <Select
            label={t("alarms.form.priority")}
            withAsterisk
            data={[1, 2, 3].map((p) => ({ value: String(p), label: t(`alarms.priority.${p}`) }))}
            value={form.info.priority === null ? null : String(form.info.priority)}
            onChange={(v) => set("info", { priority: v ? Number(v) : null })}
            data-testid="rule-priority"
          />
        </Group>
        {family === 5 || family === 6 ? (
          <Group grow align="flex-end">
            <MultiSelect
              label={t(family === 5 ? "alarms.form.geozones" : "alarms.form.pois")}
              withAsterisk
              searchable
              data={family === 5 ? geozones : pois}
              value={strs((family === 5 ? form.info.geozones?.geozoneIds : form.info.pois?.poiIds) ?? [])}
              data-testid="rule-zones"
              onChange={(v) =>
                set(
                  "info",
                  family === 5
                    ? { geozones: { toIn: false, toOut: false, ...form.info.geozones, geozoneIds: ids(v) } }
                    : { pois: { toIn: false, toOut: false, ...form.info.pois, poiIds: ids(v) } },
                )
              }
            />
            <Group>
              {(["toIn", "toOut"] as const).map((k) => {
                const target = (family === 5 ? form.info.geozones : form.info.pois) ?? {
                  toIn: false,
                  toOut: false,
                };
                return (
                  <Checkbox
                    key={k}
                    label={t(`alarms.form.${k}`)}
                    checked={target[k]}
                    data-testid={`rule-${k}`}
                    onChange={(e) =>
                      set(
                        "info",
                        family === 5
                          ? {
                              geozones: {
                                geozoneIds: [],
                                ...form.info.geozones,
                                toIn: target.toIn,
                                toOut: target.toOut,
                                [k]: e.currentTarget.checked,
                              },
                            }
                          : {
                              pois: {
                                poiIds: [],
                                ...form.info.pois,
                                toIn: target.toIn,
                                toOut: target.toOut,
                                [k]: e.currentTarget.checked,
                              },
                            },
                      )
                    }
                  />
                );
              })}
            </Group>
          </Group>
        ) : null}
        {family === 10 ? (
          <Group grow>
            <MultiSelect
              label={t("alarms.form.states")}
              withAsterisk
              data={states}
              value={strs(form.info.states?.stateIds ?? [])}
              onChange={(v) =>
                set("info", { states: { logic: form.info.states?.logic ?? 3, stateIds: ids(v) } })
              }
            />
            <Select
              label={t("alarms.form.logic")}
              data={[
                { value: "3", label: t("alarms.form.equal") },
                { value: "4", label: t("alarms.form.unequal") },
              ]}
              value={String(form.info.states?.logic ?? 3)}
              onChange={(v) =>
                set("info", { states: { stateIds: form.info.states?.stateIds ?? [], logic: Number(v ?? 3) } })
              }
            />
          </Group>
        ) : null}
        {family !== null && TIME_FAMILIES.has(family) ? (
          <DurationInput
            value={form.info.value}
            withSeconds={family === 11}
            onChange={(ms) => set("info", { value: ms })}
            error={errors["info.value"]}
          />
        ) : null}
        {family === 19 ? (
          <NumberInput
            label={t("alarms.form.consumption")}
            withAsterisk
            min={1}
            step={0.1}
            decimalScale={1}
            value={form.info.value ?? ""}
            onChange={(v) => set("info", { value: typeof v === "number" ? v : null })}
            error={err("info.value")}
          />
        ) : null}

        <Divider label={t("alarms.form.items")} labelPosition="left" />
        <SegmentedControl
          disabled={editing || (family !== null && VEHICLE_ONLY_FAMILIES.has(family))}
          data={[1, 2, 3].map((v) => ({ value: String(v), label: t(`alarms.itemType.${v}`) }))}
          value={String(type)}
          onChange={(v) => set("items", { itemsType: Number(v) })}
        />
        <Group grow align="flex-start">
          <MultiSelect
            label={t("alarms.form.groups")}
            searchable
            data={groups}
            value={strs(form.items.groupIds)}
            onChange={(v) => set("items", { groupIds: ids(v) })}
            error={err("items.itemIds")}
          />
          <MultiSelect
            label={t(`alarms.form.${itemKey}`)}
            searchable
            data={itemOptions}
            value={strs(form.items[itemKey])}
            onChange={(v) => set("items", { [itemKey]: ids(v) })}
            limit={200}
            data-testid="rule-items"
          />
        </Group>

        <Section
          title={t("alarms.form.filters")}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((o) => !o)}
        >
          <Group align="flex-end">
            <Checkbox
              label={t("alarms.form.geozoneFilter")}
              checked={form.geozones.active}
              onChange={(e) => set("geozones", { active: e.currentTarget.checked })}
            />
            <SegmentedControl
              size="xs"
              disabled={!form.geozones.active}
              data={[
                { value: "in", label: t("alarms.form.inside") },
                { value: "out", label: t("alarms.form.outside") },
              ]}
              value={form.geozones.in ? "in" : "out"}
              onChange={(v) => set("geozones", { in: v === "in" })}
            />
            <MultiSelect
              style={{ flex: 1 }}
              disabled={!form.geozones.active}
              data={geozones}
              value={strs(form.geozones.geozoneIds)}
              onChange={(v) => set("geozones", { geozoneIds: ids(v) })}
              error={err("geozones.geozoneIds")}
            />
          </Group>
          <Group align="flex-end">
            <Checkbox
              label={t("alarms.form.poiFilter")}
              checked={form.pois.active}
              onChange={(e) => set("pois", { active: e.currentTarget.checked })}
            />
            <SegmentedControl
              size="xs"
              disabled={!form.pois.active}
              data={[
                { value: "in", label: t("alarms.form.inside") },
                { value: "out", label: t("alarms.form.outside") },
              ]}
              value={form.pois.in ? "in" : "out"}
              onChange={(v) => set("pois", { in: v === "in" })}
            />
            <MultiSelect
              style={{ flex: 1 }}
              disabled={!form.pois.active}
              data={pois}
              value={strs(form.pois.poiIds)}
              onChange={(v) => set("pois", { poiIds: ids(v) })}
              error={err("pois.poiIds")}
            />
          </Group>
          <Group>
            <Checkbox
              label={t("alarms.form.inTrack")}
              checked={form.inTrack.active}
              onChange={(e) => set("inTrack", { active: e.currentTarget.checked })}
            />
            <SegmentedControl
              size="xs"
              disabled={!form.inTrack.active}
              data={[
                { value: "in", label: t("alarms.form.inTrackYes") },
                { value: "out", label: t("alarms.form.inTrackNo") },
              ]}
              value={form.inTrack.in ? "in" : "out"}
              onChange={(v) => set("inTrack", { in: v === "in" })}
            />
          </Group>
          <Group align="flex-end">
            <Checkbox
              label={t("alarms.form.stateFilter")}
              checked={form.customStates.active}
              onChange={(e) => set("customStates", { active: e.currentTarget.checked })}
            />
            <Select
              w={140}
              disabled={!form.customStates.active}
              data={[
                { value: "3", label: t("alarms.form.equal") },
                { value: "4", label: t("alarms.form.unequal") },
              ]}
              value={String(form.customStates.logic)}
              onChange={(v) => set("customStates", { logic: Number(v ?? 3) })}
            />
            <MultiSelect
              style={{ flex: 1 }}
              disabled={!form.customStates.active}
              data={states}
              value={strs(form.customStates.stateIds)}
              onChange={(v) => set("customStates", { stateIds: ids(v) })}
              error={err("customStates.stateIds")}
            />
          </Group>
          <Group align="flex-start">
            <Checkbox
              label={`${t("alarms.form.timeFilter")}${form.timeRange.active ? " *" : ""}`}
              checked={form.timeRange.active}
              onChange={(e) => set("timeRange", { active: e.currentTarget.checked })}
            />
            <SegmentedControl
              size="xs"
              disabled={!form.timeRange.active}
              data={[
                { value: "in", label: t("alarms.form.inside") },
                { value: "out", label: t("alarms.form.outside") },
              ]}
              value={form.timeRange.in ? "in" : "out"}
              onChange={(v) => set("timeRange", { in: v === "in" })}
            />
          </Group>
          {form.timeRange.active ? (
            <>
              <WeekTimeEditor
                weekTime={form.timeRange.weekTime}
                onChange={(weekTime) => set("timeRange", { weekTime })}
              />
              {err("timeRange.weekTime") ? (
                <Text c="red" size="xs">
                  {err("timeRange.weekTime")}
                </Text>
              ) : null}
            </>
          ) : null}
        </Section>

        <Section
          title={t("alarms.form.notification")}
          open={notifOpen}
          onToggle={() => setNotifOpen((o) => !o)}
        >
          <Group>
            {(["email", "sms", "pushApp", "pushFront"] as const).map((k) => (
              <Checkbox
                key={k}
                label={t(`alarms.form.${k}`)}
                checked={form.notification[k]}
                onChange={(e) => set("notification", { [k]: e.currentTarget.checked })}
              />
            ))}
          </Group>
          <MultiSelect
            label={t("alarms.users")}
            searchable
            data={users}
            value={strs(form.notification.userIds)}
            onChange={(v) => set("notification", { userIds: ids(v) })}
          />
          <Group align="flex-end">
            <Checkbox
              label={t("alarms.cra")}
              checked={form.notification.cra}
              onChange={(e) => set("notification", { cra: e.currentTarget.checked })}
            />
            <Select
              disabled={!form.notification.cra}
              data={cras}
              value={form.notification.craId === null ? null : String(form.notification.craId)}
              onChange={(v) => set("notification", { craId: v ? Number(v) : null })}
            />
            <TextInput
              disabled={!form.notification.cra}
              placeholder={t("alarms.form.craCode")}
              value={form.info.craCode}
              onChange={(e) => set("info", { craCode: e.currentTarget.value })}
            />
          </Group>
          <Text size="sm" fw={500}>
            {t("alarms.extEmails")}
          </Text>
          <ExtUsersEditor
            users={form.notification.extUsers}
            onChange={(extUsers) => set("notification", { extUsers })}
          />
        </Section>

        <Divider label={t("alarms.form.actions")} labelPosition="left" />
        <Select
          label={t("alarms.form.setState")}
          clearable
          data={states}
          value={form.action.customStateId === null ? null : String(form.action.customStateId)}
          onChange={(v) => set("action", { customStateId: v === null ? null : Number(v) })}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(null)}>
            {t("alarms.cancel")}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={Object.keys(errors).length > 0}
            loading={saving}
            data-testid="rule-save"
          >
            {t("alarms.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
