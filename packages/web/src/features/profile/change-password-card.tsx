import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLock } from "@tabler/icons-react";
import { API_ERROR, currentPasswordChangeSchema, currentUserApi } from "@vigia/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { PasswordFields, passwordEntriesValid } from "../login/index.ts";

/** Change own password: old one, new one twice, with the domain password rules. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [oldPassword, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [repeatPassword, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid =
    oldPassword !== "" &&
    passwordEntriesValid({ oldPassword, password, repeatPassword }) &&
    currentPasswordChangeSchema.safeParse({ oldPassword, password }).success;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // own401: a wrong old password answers 401 and must not end the session.
      await api.call(
        currentUserApi.changePassword,
        { body: { oldPassword, password } },
        { quiet: true, own401: true },
      );
      setOld("");
      setPassword("");
      setRepeat("");
      notifications.show({ color: "teal", message: t("password.changed") });
    } catch (e) {
      if (e instanceof ApiError && e.code === "restricted") return;
      if (e instanceof ApiError && e.status === 401) setError(t("password.wrongOld"));
      else if (e instanceof ApiError && e.description.includes(API_ERROR.samePassword))
        setError(t("rules.password.sameAsOld"));
      else setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} data-testid="change-password">
      <Stack gap="md">
        <Text fw={600}>{t("password.change")}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="sm">
            <PasswordInput
              label={t("password.old")}
              value={oldPassword}
              onChange={(e) => setOld(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
          </Stack>
          <PasswordFields
            password={password}
            repeatPassword={repeatPassword}
            onPassword={setPassword}
            onRepeat={setRepeat}
            oldPassword={oldPassword}
          />
        </SimpleGrid>
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!valid} leftSection={<IconLock size={16} />}>
            {t("password.change")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
