import { Divider, Group, Select, SimpleGrid, Switch, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { LANGUAGES, ROLES, type User, userWriteSchema } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CrudForm } from "../../kit/crud/crud-form.tsx";
import { allTimeZones } from "../../kit/format/date.ts";
import { errorText } from "../../kit/forms/errors.ts";
import { TextField } from "../../kit/forms/fields.tsx";
import { IdsSelect } from "../../kit/forms/ids-select.tsx";
import { useZodForm } from "../../kit/forms/use-zod-form.ts";
import { LANGUAGE_NAMES } from "../../platform/i18n/index.ts";
import { MailFlagsField } from "./mail-flags-field.tsx";

const EMPTY = {
  email: "",
  firstName: "",
  lastName: "",
  phone: "",
  country: "",
  language: "es",
  timezone: "Europe/Madrid",
  description: "",
  role: "USER",
  readOnly: false,
  groups: [],
  notifications: {},
  config: { alarmFrontSound: true },
  restrictions: { timeRange: null, ip: null },
};

/** What the form saves: the user, and the reseller picked where the form offers resellers. */
export type UserWrite = z.output<typeof userWriteSchema> & { resellerId?: number };

interface Props {
  row: User | null;
  /** Shows the user without Save (a read-only user opened it). */
  readOnly?: boolean;
  roles: readonly string[];
  /** Company groups; reseller users have none. */
  groups?: readonly { id: number; name: string }[];
  countries: readonly string[];
  /** Resellers the user may belong to (the caller's tree, on /superUsers); company users have none. */
  resellers?: readonly { id: number; name: string }[];
  /** The reseller a new reseller-level user starts in: the caller's own. */
  defaultReseller?: number | null;
  /** Creates or updates the user. */
  send(body: UserWrite): Promise<{ email: string }>;
  onClose(): void;
  onSaved(): unknown;
}

/** The user form: roles, read-only, groups (required unless administrator), preferences, restrictions. */
export function UserForm({
  row,
  readOnly,
  roles,
  groups,
  countries,
  resellers,
  defaultReseller,
  send,
  onClose,
  onSaved,
}: Props) {
  const { t } = useTranslation();
  const start: Record<string, unknown> = { ...EMPTY };
  if (row)
    for (const key of Object.keys(EMPTY)) start[key] = (row as unknown as Record<string, unknown>)[key];
  // A new user starts with the only role offered; among several none is guessed (the form waits for one).
  else if (!roles.includes(String(start.role))) start.role = roles.length === 1 ? roles[0] : undefined;
  const form = useZodForm(userWriteSchema, start);
  const [resellerId, setResellerId] = useState<number | null>(row?.resellerId ?? defaultReseller ?? null);
  const resellerMissing = resellers !== undefined && resellerId === null;
  const role = String(form.values.role);
  const chosen = (form.values.groups ?? []) as number[];
  const groupsMissing = groups !== undefined && role !== "ADMIN" && chosen.length === 0;
  const restrictions = form.values.restrictions as {
    timeRange: { from: string; to: string } | null;
    ip: string | null;
  };
  const mail = (form.values.notifications ?? {}) as Record<string, boolean>;
  const config = (form.values.config ?? {}) as Record<string, unknown>;
  return (
    <CrudForm
      form={form}
      title={row ? t("users.edit") : t("users.new")}
      readOnly={readOnly}
      valid={form.valid && !groupsMissing && !resellerMissing}
      size="xl"
      send={async (values) => {
        const saved = await send(resellers && resellerId !== null ? { ...values, resellerId } : values);
        // A new user gets a create-password mail from the server: say where it went.
        if (!row)
          notifications.show({ color: "teal", message: t("users.invitationSent", { email: saved.email }) });
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField form={form} name="email" label={t("users.email")} required />
        <TextField form={form} name="firstName" label={t("users.firstName")} required />
        <TextField form={form} name="lastName" label={t("users.lastName")} required />
        <TextField form={form} name="phone" label={t("users.phone")} />
        <Select
          label={t("users.country")}
          clearable
          searchable
          data={[...countries]}
          value={String(form.values.country) || null}
          onChange={(v) => form.set("country", v ?? "")}
        />
        <Select
          label={t("users.language")}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          value={String(form.values.language)}
          onChange={(v) =>
            form.set(
              "language",
              LANGUAGES.find((l) => l === v),
            )
          }
          allowDeselect={false}
        />
        <Select
          label={t("users.timezone")}
          searchable
          data={allTimeZones()}
          value={String(form.values.timezone)}
          onChange={(v) => v && form.set("timezone", v)}
          allowDeselect={false}
        />
        <Select
          label={t("users.role")}
          data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={role}
          onChange={(v) =>
            form.set(
              "role",
              ROLES.find((r) => r === v),
            )
          }
          allowDeselect={false}
          data-testid="field-role"
          error={errorText(t, form.errorOf("role"))}
        />
        <TextField form={form} name="description" label={t("users.description")} />
        {resellers ? (
          <Select
            label={t("companies.reseller")}
            withAsterisk
            searchable
            data={resellers.map((r) => ({ value: String(r.id), label: r.name }))}
            value={resellerId === null ? null : String(resellerId)}
            onChange={(v) => setResellerId(v === null ? null : Number(v))}
            allowDeselect={false}
            error={errorText(t, form.errors.resellerId)}
            data-testid="field-reseller"
          />
        ) : null}
      </SimpleGrid>
      {groups ? (
        <IdsSelect
          label={t("users.groups")}
          withAsterisk={role !== "ADMIN"}
          disabled={role === "ADMIN"}
          rows={groups}
          value={role === "ADMIN" ? [] : chosen}
          onChange={(v) => form.set("groups", v)}
          error={groupsMissing ? errorText(t, "groupRequired") : errorText(t, form.errorOf("groups"))}
          data-testid="field-groups"
        />
      ) : null}
      <Group>
        <Switch
          label={t("users.readOnly")}
          checked={Boolean(form.values.readOnly)}
          onChange={(e) => form.set("readOnly", e.currentTarget.checked)}
        />
        <Switch
          label={t("users.alarmSound")}
          checked={config.alarmFrontSound !== false}
          onChange={(e) => form.set("config", { ...config, alarmFrontSound: e.currentTarget.checked })}
        />
      </Group>
      <MailFlagsField value={mail} onChange={(next) => form.set("notifications", next)} />
      <Divider label={t("users.restrictions")} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(["from", "to"] as const).map((end) => (
          <TextInput
            key={end}
            label={t(end === "from" ? "users.timeFrom" : "users.timeTo")}
            placeholder={end === "from" ? "08:00" : "18:00"}
            value={restrictions.timeRange?.[end] ?? ""}
            onChange={(e) => {
              const range = { from: "", to: "", ...restrictions.timeRange, [end]: e.currentTarget.value };
              form.set("restrictions", {
                ...restrictions,
                timeRange: range.from === "" && range.to === "" ? null : range,
              });
            }}
            error={errorText(
              t,
              form.errorOf("restrictions") ? form.errors[`restrictions.timeRange.${end}`] : undefined,
            )}
          />
        ))}
        <TextInput
          label={t("users.ip")}
          placeholder="10.0.0.0/8"
          value={restrictions.ip ?? ""}
          onChange={(e) =>
            form.set("restrictions", {
              ...restrictions,
              ip: e.currentTarget.value === "" ? null : e.currentTarget.value,
            })
          }
          error={errorText(t, form.errorOf("restrictions") ? form.errors["restrictions.ip"] : undefined)}
        />
      </SimpleGrid>
    </CrudForm>
  );
}
