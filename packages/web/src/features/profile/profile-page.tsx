import {
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDeviceFloppy } from "@tabler/icons-react";
import {
  currentUserApi,
  LANGUAGES,
  type Language,
  type MapBound,
  type ProfileUpdate,
  profileUpdateSchema,
} from "@vigia/domain";
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { allTimeZones } from "../../kit/format/date.ts";
import { ApiError } from "../../platform/api/client.ts";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";
import { isLanguage, LANGUAGE_NAMES, setLanguage } from "../../platform/i18n/index.ts";
import { uiStore } from "../../platform/overlays/ui-store.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useSession, useUser } from "../../platform/session/session.ts";
import { ChangePasswordCard } from "./change-password-card.tsx";
import { profileOf } from "./profile-language.ts";
import { PushNotificationsCard } from "./push-notifications-card.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";

const EMPTY_BOUND: MapBound = { active: false, southWest: null, northEast: null, zoom: null };

/** /profile: the signed-in user's own data and preferences, and the password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const { setUser } = useSession();
  const { companyId } = useCompany();
  const { setTimezone } = useTimezone();
  const [form, setForm] = useState<ProfileUpdate>(() => profileOf(user));
  // The user menu saves a new language while this page may be open: the form follows it.
  useEffect(() => setForm((f) => ({ ...f, language: user.language })), [user.language]);
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => allTimeZones(), []);
  const parsed = profileUpdateSchema.safeParse(form);
  const fieldError = (field: string): string | undefined => {
    if (parsed.success) return undefined;
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    return issue ? t(`validation.${issue.message}`, { defaultValue: t("validation.invalid") }) : undefined;
  };
  /** What a text field of the form needs: its value, its error and its change. */
  const textField = (field: "firstName" | "lastName" | "phone") => ({
    value: form[field],
    error: fieldError(field),
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: e.currentTarget.value }),
  });
  const bound = form.mapBound ?? EMPTY_BOUND;
  const setBound = (patch: Partial<MapBound>) => setForm((f) => ({ ...f, mapBound: { ...bound, ...patch } }));
  const corner = (which: "southWest" | "northEast", axis: "lat" | "lng", value: number | string) => {
    const current = bound[which] ?? { lat: 0, lng: 0 };
    setBound({ [which]: { ...current, [axis]: typeof value === "number" ? value : 0 } });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    setBusy(true);
    try {
      const updated = await api.call(currentUserApi.update, { body: parsed.data }, { quiet: true });
      setUser(updated);
      // Saving the profile also applies its language and time zone to this browser.
      setLanguage(updated.language);
      setTimezone(updated.timezone);
      notifications.show({ color: "teal", message: t("profile.saved") });
    } catch (error) {
      if (error instanceof ApiError && error.code !== "restricted") uiStore.openApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={980} w="100%" mx="auto" data-testid="profile-page">
      <Title order={3}>{t("routes.profile")}</Title>
      <Paper withBorder p="lg" component="form" onSubmit={submit}>
        <Stack gap="md">
          <Text fw={600}>{t("profile.personal")}</Text>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t("profile.firstName")}
                {...textField("firstName")}
                required
                data-testid="profile-first-name"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t("profile.lastName")} {...textField("lastName")} required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t("profile.email")} value={user.email} disabled />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t("profile.phone")} {...textField("phone")} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t("topbar.language")}
                value={form.language}
                allowDeselect={false}
                data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                onChange={(v) => isLanguage(v) && setForm({ ...form, language: v as Language })}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t("topbar.timezone")}
                value={form.timezone}
                data={zones}
                searchable
                allowDeselect={false}
                onChange={(v) => v && setForm({ ...form, timezone: v })}
              />
            </Grid.Col>
          </Grid>
          <Switch
            label={t("profile.alarmSound")}
            checked={form.config.alarmFrontSound}
            onChange={(e) =>
              setForm({ ...form, config: { ...form.config, alarmFrontSound: e.currentTarget.checked } })
            }
          />
          <Text fw={600} mt="sm">
            {t("profile.mapBound")}
          </Text>
          <Switch
            label={t("profile.mapBoundActive")}
            description={t("profile.mapBoundHelp")}
            checked={bound.active}
            onChange={(e) => setBound({ active: e.currentTarget.checked })}
          />
          {bound.active ? (
            <Grid>
              {(["southWest", "northEast"] as const).flatMap((which) =>
                (["lat", "lng"] as const).map((axis) => (
                  <Grid.Col key={`${which}-${axis}`} span={{ base: 6, sm: 2.4 }}>
                    <NumberInput
                      label={t(`profile.${which}.${axis}`)}
                      value={bound[which]?.[axis] ?? ""}
                      decimalScale={6}
                      min={axis === "lat" ? -90 : -180}
                      max={axis === "lat" ? 90 : 180}
                      onChange={(v) => corner(which, axis, v)}
                    />
                  </Grid.Col>
                )),
              )}
              <Grid.Col span={{ base: 6, sm: 2.4 }}>
                <NumberInput
                  label={t("profile.zoom")}
                  value={bound.zoom ?? ""}
                  min={0}
                  max={24}
                  onChange={(v) => setBound({ zoom: typeof v === "number" ? v : null })}
                />
              </Grid.Col>
            </Grid>
          ) : null}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={busy}
              disabled={!parsed.success}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="profile-save"
            >
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ChangePasswordCard />
      <TwoFactorCard />
      {companyId === null ? null : <PushNotificationsCard companyId={companyId} />}
    </Stack>
  );
}
