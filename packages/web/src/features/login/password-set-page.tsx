import { Alert, Button, Stack } from "@mantine/core";
import { API_ERROR, authApi } from "@vigia/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { AuthFrame } from "./auth-frame.tsx";
import { PasswordFields, passwordEntriesValid } from "./password-fields.tsx";

/** /password/set/{key}: create a password from the e-mailed link. No guard, no frame. */
export function PasswordSetPage() {
  const { t } = useTranslation();
  const { key = "" } = useParams();
  const [password, setPassword] = useState("");
  const [repeatPassword, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = passwordEntriesValid({ password, repeatPassword });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.call(
        authApi.passwordSet,
        { body: { key, password } },
        { token: null, own401: true, quiet: true },
      );
      setDone(true);
    } catch (e) {
      const invalidKey = e instanceof ApiError && e.description.includes(API_ERROR.invalidKey);
      setError(
        invalidKey
          ? t("password.invalidKey")
          : e instanceof ApiError
            ? apiErrorText(e, t)
            : t("errors.tryAgain"),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t("password.createTitle")} subtitle={done ? undefined : t("password.createSubtitle")}>
      {done ? (
        <Stack>
          <Alert color="teal" data-testid="password-set-done">
            {t("password.created")}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t("login.backToSignIn")}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            <PasswordFields
              password={password}
              repeatPassword={repeatPassword}
              onPassword={setPassword}
              onRepeat={setRepeat}
            />
            {error ? (
              <Alert color="red" data-testid="password-set-error">
                {error}
              </Alert>
            ) : null}
            <Button
              type="submit"
              loading={busy}
              disabled={!valid}
              fullWidth
              data-testid="password-set-submit"
            >
              {t("password.save")}
            </Button>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
