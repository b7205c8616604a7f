import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLock } from "@tabler/icons-react";
import { API_ERROR, currentPasswordChangeSchema, currentUserApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "../../kit/forms/use-submit.ts";
import { ApiError } from "../../platform/api/client.ts";
import { failureText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { PasswordFields, useNewPassword } from "../login/index.ts";

/** Change own password: old one, new one twice, with the domain password rules. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [oldPassword, setOld] = useState("");
  const entries = useNewPassword(oldPassword);
  const { busy, error, onSubmit } = useSubmit((e) => {
    // A restriction has its own modal.
    if (e instanceof ApiError && e.code === "restricted") return null;
    if (e instanceof ApiError && e.status === 401) return t("password.wrongOld");
    if (e instanceof ApiError && e.description.includes(API_ERROR.samePassword))
      return t("rules.password.sameAsOld");
    return failureText(e, t);
  });
  const valid =
    oldPassword !== "" &&
    entries.valid &&
    currentPasswordChangeSchema.safeParse({ oldPassword, password: entries.password }).success;

  const submit = onSubmit(async () => {
    // own401: a wrong old password answers 401 and must not end the session.
    const body = { oldPassword, password: entries.password };
    await api.call(currentUserApi.changePassword, { body }, { quiet: true, own401: true });
    setOld("");
    entries.clear();
    notifications.show({ color: "teal", message: t("password.changed") });
  });

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
          <PasswordFields entries={entries} />
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
