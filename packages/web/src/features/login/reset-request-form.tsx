import { TextInput } from "@mantine/core";
import { authApi, passwordResetRequestSchema } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "../../kit/forms/use-submit.ts";
import { SIGNED_OUT_CALL } from "../../platform/api/client.ts";
import { failureText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { AuthForm } from "./auth-form.tsx";

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
  const submit = useSubmit((e) => failureText(e, t));
  const valid = passwordResetRequestSchema.safeParse({ email }).success;

  const send = async () => {
    const body = { email: email.trim() };
    await api.call(authApi.passwordReset, { body }, SIGNED_OUT_CALL);
    onDone(t("login.resetSent"));
  };

  return (
    <AuthForm submit={submit} send={send} valid={valid} label={t("login.sendLink")} onBack={onDone}>
      <TextInput
        type="email"
        label={t("login.email")}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        autoComplete="email"
        required
        data-testid="reset-email"
      />
    </AuthForm>
  );
}
