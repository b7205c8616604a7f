import { Alert, Button, Stack } from "@mantine/core";
import { API_ERROR, authApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useSubmit } from "../../kit/forms/use-submit.ts";
import { ApiError, SIGNED_OUT_CALL } from "../../platform/api/client.ts";
import { failureText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { AuthForm } from "./auth-form.tsx";
import { AuthFrame } from "./auth-frame.tsx";
import { PasswordFields, useNewPassword } from "./password-fields.tsx";

/** /password/set/{key}: create a password from the e-mailed link. No guard, no frame. */
export function PasswordSetPage() {
  const { t } = useTranslation();
  const { key = "" } = useParams();
  const entries = useNewPassword();
  const [done, setDone] = useState(false);
  const submit = useSubmit((e) =>
    e instanceof ApiError && e.description.includes(API_ERROR.invalidKey)
      ? t("password.invalidKey")
      : failureText(e, t),
  );

  const send = async () => {
    await api.call(authApi.passwordSet, { body: { key, password: entries.password } }, SIGNED_OUT_CALL);
    setDone(true);
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
        <AuthForm
          submit={submit}
          send={send}
          valid={entries.valid}
          label={t("password.save")}
          testIds={{ error: "password-set-error", submit: "password-set-submit" }}
        >
          <PasswordFields entries={entries} />
        </AuthForm>
      )}
    </AuthFrame>
  );
}
