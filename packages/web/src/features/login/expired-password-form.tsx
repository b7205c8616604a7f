import { authApi, expiredPasswordChangeSchema } from "@vigia/domain";
import { useTranslation } from "react-i18next";
import { CredentialFields, useCredentials } from "../../kit/forms/credential-fields.tsx";
import { useSubmit } from "../../kit/forms/use-submit.ts";
import { ApiError, SIGNED_OUT_CALL } from "../../platform/api/client.ts";
import { failureText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { AuthForm } from "./auth-form.tsx";
import { PasswordFields, useNewPassword } from "./password-fields.tsx";

/** Expired-password change: needs the old password because the user cannot sign in any more. */
export function ExpiredPasswordForm({
  username: initial,
  onDone,
}: {
  username: string;
  onDone(notice?: string): void;
}) {
  const { t } = useTranslation();
  const old = useCredentials(initial);
  const entries = useNewPassword(old.password);
  const submit = useSubmit((e) =>
    e instanceof ApiError && e.status === 401 ? t("login.wrongCredentials") : failureText(e, t),
  );
  const body = { username: old.username.trim(), oldPassword: old.password, password: entries.password };
  const valid = entries.valid && expiredPasswordChangeSchema.safeParse(body).success;

  const send = async () => {
    await api.call(authApi.passwordExpired, { body }, SIGNED_OUT_CALL);
    onDone(t("password.changed"));
  };

  return (
    <AuthForm submit={submit} send={send} valid={valid} label={t("password.change")} onBack={onDone}>
      <CredentialFields
        credentials={old}
        labels={{ username: t("login.username"), password: t("password.old") }}
        required
      />
      <PasswordFields entries={entries} />
    </AuthForm>
  );
}
