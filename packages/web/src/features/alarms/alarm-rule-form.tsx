import {
  Button,
  Collapse,
  Divider,
  Group,
  Modal,
  MultiSelect,
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
  type AlarmInputs,
  type AlarmRule,
  type AlarmRuleInput,
  alarmRuleErrors,
  alarmsApi,
  applyFamilyPreset,
  emptyAlarmRule,
  VEHICLE_ONLY_FAMILIES,
} from "@vigia/domain";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { shownError } from "./logic.ts";
import { RuleFamilyFields } from "./rule-family-fields.tsx";
import { RuleFilters } from "./rule-filters.tsx";
import type { RuleFormPart, SetRulePart } from "./rule-form-part.ts";
import { RuleNotification } from "./rule-notification.tsx";
import { ids, type Option, strs, useRuleOptions } from "./rule-options.ts";

function Section({
  title,
  children,
  open,
  onToggle,
  testId,
}: {
  title: string;
  children: ReactNode;
  open: boolean;
  onToggle(): void;
  testId?: string;
}) {
  return (
    <>
      <UnstyledButton onClick={onToggle} data-testid={testId}>
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

/** The alarm rule form, with save disabled by the domain's `alarmRuleErrors`. */
export function AlarmRuleForm({ companyId, inputs, rule, opened, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { timezone } = useTimezone();
  const [form, setForm] = useState<AlarmRuleInput>(() => emptyAlarmRule(timezone));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [notifOpen, setNotifOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const lockUntil = useRef(0);

  useEffect(() => {
    if (!opened) return;
    if (rule) {
      const { id: _id, createdTs: _c, updatedTs: _u, ...input } = rule;
      setForm(input);
    } else setForm(emptyAlarmRule(timezone));
    setTouched(new Set());
    setSubmitted(false);
  }, [opened, rule, timezone]);

  const errors = useMemo(() => alarmRuleErrors(form), [form]);
  // "Required" waits until the user changed that part of the form or tried to save.
  const err = (key: string) => {
    const code = shownError(key, errors, touched, submitted);
    return code ? t(`alarms.errors.${code}`) : undefined;
  };
  const editing = rule !== null;
  const type = form.items.itemsType as 1 | 2 | 3;
  const family = form.info.family;
  const set: SetRulePart = (key, value) => {
    setTouched((keys) => (keys.has(key) ? keys : new Set([...keys, key])));
    setForm((f) => ({ ...f, [key]: { ...f[key], ...value } }));
  };
  const part: RuleFormPart = { form, set, errors, err };

  const options = useRuleOptions(companyId, type, opened);
  const families: Option[] = Object.values(inputs?.families ?? {}).map((f) => ({
    value: String(f.id),
    label: f.name[i18n.language] ?? f.name.en ?? String(f.id),
  }));
  const itemOptions = type === 1 ? options.vehicles : type === 2 ? options.assets : options.persons;
  const itemKey = type === 1 ? "vehicleIds" : type === 2 ? "assetIds" : "personIds";

  const save = async () => {
    const now = Date.now();
    if (Object.keys(errors).length > 0) {
      setSubmitted(true);
      return;
    }
    if (now < lockUntil.current) return;
    lockUntil.current = now + ALARM_SAVE_LOCK_MS;
    setSaving(true);
    try {
      const saved = editing
        ? await api.call(alarmsApi.updateRule, { params: { companyId, alarmId: rule.id }, body: form })
        : await api.call(alarmsApi.createRule, { params: { companyId }, body: form });
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
        <RuleFamilyFields {...part} options={options} />

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
            data={options.groups}
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
          <RuleFilters {...part} options={options} />
        </Section>

        <Section
          title={t("alarms.form.notification")}
          open={notifOpen}
          onToggle={() => setNotifOpen((o) => !o)}
          testId="rule-notification-section"
        >
          <RuleNotification {...part} options={options} />
        </Section>

        <Divider label={t("alarms.form.actions")} labelPosition="left" />
        <Select
          label={t("alarms.form.setState")}
          clearable
          data={options.states}
          value={form.action.customStateId === null ? null : String(form.action.customStateId)}
          onChange={(v) => set("action", { customStateId: v === null ? null : Number(v) })}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(null)}>
            {t("alarms.cancel")}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={submitted && Object.keys(errors).length > 0}
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
