import { Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import {
  type ExtUser,
  extUserErrors,
  joinDuration,
  LANGUAGES,
  splitDuration,
  WEEK_DAY_IDS,
  type WeekDay,
} from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { allTimeZones } from "../../kit/format/date.ts";

/** Duration in ms as d/h/m (or h/m/s for idle), with the limits */
export function DurationInput({
  value,
  onChange,
  withSeconds,
  error,
}: {
  value: number | null;
  onChange(ms: number): void;
  withSeconds: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const parts = splitDuration(value ?? 0, withSeconds);
  const set = (key: keyof typeof parts, n: number | string) =>
    onChange(joinDuration({ ...parts, [key]: typeof n === "number" ? n : Number(n) || 0 }));
  const fields: [keyof typeof parts, number][] = withSeconds
    ? [
        ["hours", 24],
        ["minutes", 60],
        ["seconds", 60],
      ]
    : [
        ["days", 3650],
        ["hours", 24],
        ["minutes", 60],
      ];
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        {fields.map(([key, max]) => (
          <NumberInput
            key={key}
            label={t(`alarms.form.${key}`)}
            min={0}
            max={max}
            value={parts[key]}
            onChange={(n) => set(key, n)}
            w={90}
            withAsterisk
            data-testid={`duration-${key}`}
          />
        ))}
      </Group>
      {error ? (
        <Text c="red" size="xs">
          {t(`alarms.errors.${error}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

const pad = (n: number) => String(n).padStart(2, "0");
const hm = (t: { hour: number; minute: number }) => `${pad(t.hour)}:${pad(t.minute)}`;
const parseHm = (v: string) => {
  const [h, m] = v.split(":").map(Number);
  return { hour: h ?? 0, minute: m ?? 0 };
};

/** Weekday rows with enabled, from and to (HH:mm between 00:00 and 23:59). */
export function WeekTimeEditor({
  weekTime,
  onChange,
}: {
  weekTime: Record<string, WeekDay>;
  onChange(next: Record<string, WeekDay>): void;
}) {
  const { t } = useTranslation();
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {WEEK_DAY_IDS.map((id) => {
          const day = weekTime[id] ?? {
            enabled: false,
            id,
            name: "",
            from: { hour: 0, minute: 0 },
            to: { hour: 23, minute: 59 },
          };
          const set = (p: Partial<WeekDay>) => onChange({ ...weekTime, [id]: { ...day, ...p } });
          return (
            <Table.Tr key={id}>
              <Table.Td>
                <Checkbox
                  label={t(`alarms.days.${id}`)}
                  checked={day.enabled}
                  onChange={(e) => set({ enabled: e.currentTarget.checked })}
                />
              </Table.Td>
              {(["from", "to"] as const).map((end) => (
                <Table.Td key={end}>
                  <TextInput
                    type="time"
                    size="xs"
                    value={hm(day[end])}
                    disabled={!day.enabled}
                    onChange={(e) => set({ [end]: parseHm(e.currentTarget.value) })}
                    aria-label={t(`alarms.form.${end}`)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** External recipients: e-mail (valid, with language and zone), SMS phone. */
export function ExtUsersEditor({ users, onChange }: { users: ExtUser[]; onChange(next: ExtUser[]): void }) {
  const { t } = useTranslation();
  const zones = allTimeZones();
  const set = (i: number, p: Partial<ExtUser>) =>
    onChange(users.map((u, j) => (i === j ? { ...u, ...p } : u)));
  return (
    <Stack gap="xs">
      {users.map((u, i) => {
        const errors = extUserErrors(u);
        const err = (k: string) => (errors[k] ? t(`alarms.errors.${errors[k]}`) : undefined);
        return (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              placeholder="e-mail"
              value={u.email}
              maxLength={80}
              onChange={(e) => set(i, { email: e.currentTarget.value })}
              error={err("email")}
              style={{ flex: 2 }}
            />
            <TextInput
              placeholder={t("alarms.form.smsPhone")}
              value={u.smsPhone}
              onChange={(e) => set(i, { smsPhone: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Select
              placeholder={t("alarms.form.language")}
              data={[...LANGUAGES]}
              value={u.language || null}
              onChange={(v) => set(i, { language: v ?? "" })}
              error={err("language")}
              clearable
              w={90}
            />
            <Select
              placeholder={t("alarms.form.timezone")}
              data={zones}
              searchable
              value={u.timezone || null}
              onChange={(v) => set(i, { timezone: v ?? "" })}
              error={err("timezone")}
              clearable
              style={{ flex: 1 }}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => onChange(users.filter((_, j) => j !== i))}
              aria-label={t("alarms.delete")}
            >
              <IconTrash size={16} />
            </Button>
          </Group>
        );
      })}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...users, { email: "", smsPhone: "", language: "", timezone: "" }])}
        w="fit-content"
      >
        {t("alarms.form.addExternal")}
      </Button>
    </Stack>
  );
}
