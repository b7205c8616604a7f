import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { authApi, passwordResetRequestSchema } from "@vigia/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";

/** Password-reset request: the server mails a /password/set/{key} link. */
export function ResetRequestForm({
  initialEmail,
  onDone,
}: {
  initialEmail: string;
  onDone(notice?: string): void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = passwordResetRequestSchema.safeParse({ email }).success;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.call(
        authApi.passwordReset,
        { body: { email: email.trim() } },
        { token: null, own401: true, quiet: true },
      );
      onDone(t("login.resetSent"));
    } catch (e) {
      setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          type="email"
          label={t("login.email")}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoComplete="email"
          required
          data-testid="reset-email"
        />
        {error ? <Alert color="red">{error}</Alert> : null}
        <Button type="submit" loading={busy} disabled={!valid} fullWidth>
          {t("login.sendLink")}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onDone()}>
          {t("login.backToSignIn")}
        </Anchor>
      </Stack>
    </form>
  );
}
