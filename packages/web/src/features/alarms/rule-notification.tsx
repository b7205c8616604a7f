import { Checkbox, Group, MultiSelect, Select, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ExtUsersEditor } from "./form-parts.tsx";
import type { RuleFormPart } from "./rule-form-part.ts";
import { ids, type RuleOptions, strs } from "./rule-options.ts";

/**
 * Who hears of a notice: channels, whether notices of buffered data are sent too, users, the alarm-receiving
 * centre and external e-mails.
 */
export function RuleNotification({ form, set, options }: RuleFormPart & { options: RuleOptions }) {
  const { t } = useTranslation();
  return (
    <>
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
      <Checkbox
        label={t("alarms.form.buffered")}
        description={t("alarms.form.bufferedHelp")}
        checked={form.notification.buffered}
        onChange={(e) => set("notification", { buffered: e.currentTarget.checked })}
        data-testid="rule-buffered"
      />
      <MultiSelect
        label={t("alarms.users")}
        searchable
        data={options.users}
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
          data={options.cras}
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
    </>
  );
}
