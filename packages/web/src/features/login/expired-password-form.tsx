import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { authApi, expiredPasswordChangeSchema } from "@vigia/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { PasswordFields, passwordEntriesValid } from "./password-fields.tsx";

/** Expired-password change: needs the old password because the user cannot sign in any more. */
export function ExpiredPasswordForm({
  username: initial,
  onDone,
}: {
  username: string;
  onDone(notice?: string): void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(initial);
  const [oldPassword, setOldPassword] = useState("");
  const [password, setPassword] = useState("");
  const [repeatPassword, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const body = { username: username.trim(), oldPassword, password };
  const valid =
    passwordEntriesValid({ oldPassword, password, repeatPassword }) &&
    expiredPasswordChangeSchema.safeParse(body).success;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.call(authApi.passwordExpired, { body }, { token: null, own401: true, quiet: true });
      onDone(t("password.changed"));
    } catch (e) {
      const wrong = e instanceof ApiError && e.status === 401;
      setError(
        wrong
          ? t("login.wrongCredentials")
          : e instanceof ApiError
            ? apiErrorText(e, t)
            : t("errors.tryAgain"),
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t("login.username")}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t("password.old")}
          value={oldPassword}
          onChange={(e) => setOldPassword(e.currentTarget.value)}
          autoComplete="current-password"
          required
        />
        <PasswordFields
          password={password}
          repeatPassword={repeatPassword}
          onPassword={setPassword}
          onRepeat={setRepeat}
          oldPassword={oldPassword}
        />
        {error ? <Alert color="red">{error}</Alert> : null}
        <Button type="submit" loading={busy} disabled={!valid} fullWidth>
          {t("password.change")}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onDone()}>
          {t("login.backToSignIn")}
        </Anchor>
      </Stack>
    </form>
  );
}
