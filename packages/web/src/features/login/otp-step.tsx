import { Alert, Code, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { type OtpEnrolment, twoFactorApi } from "@vigia/domain";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isOneTimeCode, OneTimeCodeInput } from "../../kit/forms/one-time-code-input.tsx";
import { QrImage } from "../../kit/qr/qr-image.tsx";
import { SIGNED_OUT_CALL } from "../../platform/api/client.ts";
import { failureText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { BackToSignIn, SignInSubmit } from "./auth-form.tsx";

interface Props {
  step: "code" | "setup";
  username: string;
  password: string;
  busy: boolean;
  invalid: boolean;
  onSubmit(otp: string): void;
  onBack(): void;
}

/**
 * The second step of sign-in: the authenticator's code; for an account whose organisation enforces two-factor
 * sign-in and that has no authenticator yet, first the QR code of a new secret (the same credentials open it).
 */
export function OtpStep({ step, username, password, busy, invalid, onSubmit, onBack }: Props) {
  const { t } = useTranslation();
  const [otp, setOtp] = useState("");
  const [enrolment, setEnrolment] = useState<OtpEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (step !== "setup") return;
    let live = true;
    api
      .call(twoFactorApi.setupAtLogin, { body: { username, password } }, SIGNED_OUT_CALL)
      .then((e) => {
        if (live) setEnrolment(e);
      })
      .catch((e: unknown) => {
        if (live) setError(failureText(e, t));
      });
    return () => {
      live = false;
    };
  }, [step, username, password, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(otp.trim());
  };
  const valid = isOneTimeCode(otp);

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {step === "setup" ? (
          <Stack gap="xs" align="center">
            <Text size="sm">{t("twoFactor.setupIntro")}</Text>
            {enrolment ? (
              <>
                <QrImage value={enrolment.uri} alt={t("twoFactor.qrAlt")} />
                <Text size="xs" c="dimmed">
                  {t("twoFactor.manualKey")}
                </Text>
                <Code data-testid="otp-secret">{enrolment.secret}</Code>
              </>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm">{t("twoFactor.codeIntro")}</Text>
        )}
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <OneTimeCodeInput
          label={t("twoFactor.code")}
          value={otp}
          onChange={setOtp}
          autoFocus
          error={invalid ? t("apiErrors.otp_invalid") : undefined}
          data-testid="login-otp"
        />
        <SignInSubmit
          busy={busy}
          disabled={!valid}
          icon={<IconShieldLock size={18} />}
          label={t("twoFactor.verify")}
          testId="login-otp-submit"
        />
        <BackToSignIn onClick={onBack} />
      </Stack>
    </form>
  );
}
