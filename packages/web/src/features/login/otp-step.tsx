import { Alert, Anchor, Button, Code, Stack, Text, TextInput } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { type OtpEnrolment, twoFactorApi } from "@vigia/domain";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QrImage } from "../../kit/qr/qr-image.tsx";
import { ApiError } from "../../platform/api/client.ts";
import { apiErrorText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";

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
      .call(
        twoFactorApi.setupAtLogin,
        { body: { username, password } },
        { token: null, own401: true, quiet: true },
      )
      .then((e) => {
        if (live) setEnrolment(e);
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof ApiError ? apiErrorText(e, t) : t("errors.tryAgain"));
      });
    return () => {
      live = false;
    };
  }, [step, username, password, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(otp.trim());
  };
  const valid = /^\d{6}$/.test(otp.trim());

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
        <TextInput
          label={t("twoFactor.code")}
          value={otp}
          onChange={(e) => setOtp(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={invalid ? t("apiErrors.otp_invalid") : undefined}
          data-testid="login-otp"
        />
        <Button
          type="submit"
          loading={busy}
          disabled={!valid}
          fullWidth
          size="md"
          leftSection={<IconShieldLock size={18} />}
          data-testid="login-otp-submit"
        >
          {t("twoFactor.verify")}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onBack}>
          {t("login.backToSignIn")}
        </Anchor>
      </Stack>
    </form>
  );
}
