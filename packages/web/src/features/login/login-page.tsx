import { Alert, Stack, Transition } from "@mantine/core";
import { IconAlertCircle, IconLogin } from "@tabler/icons-react";
import { LOGIN_ERROR_DISPLAY_MS } from "@vigia/domain";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CredentialFields, useCredentials } from "../../kit/forms/credential-fields.tsx";
import { failureText } from "../../platform/api/error-text.ts";
import { useSession } from "../../platform/session/session.ts";
import { forgetSignOutReason, peekSignOutReason } from "../../platform/session/sign-out-reason.ts";
import { FormLink, SignInSubmit } from "./auth-form.tsx";
import { AuthFrame } from "./auth-frame.tsx";
import { ExpiredPasswordForm } from "./expired-password-form.tsx";
import { ExpiredPasswordModal } from "./expired-password-modal.tsx";
import { classifyLoginError } from "./login-errors.ts";
import { OtpStep } from "./otp-step.tsx";
import { ResetRequestForm } from "./reset-request-form.tsx";

export type LoginView = "signin" | "reset" | "expired";

/** Sign-in screen with its three views. */
export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const [view, setView] = useState<LoginView>("signin");
  const credentials = useCredentials();
  const { username, password, setPassword } = credentials;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [expiredDays, setExpiredDays] = useState<number | null>(null);
  const [otpStep, setOtpStep] = useState<{ step: "code" | "setup"; invalid: boolean } | null>(null);
  // Read when the screen opens and forgotten at the next sign-in, not at once: a sign-out that reloads the page
  // may show this screen for a moment before the reload, and the reloaded one must still say why.
  const [signedOut] = useState(() => peekSignOutReason());

  // The login message disappears by itself after 5 s.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), LOGIN_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const signIn = async (otp?: string) => {
    forgetSignOutReason();
    setBusy(true);
    setMessage(null);
    setAlert(null);
    setNotice(null);
    try {
      // On success the guard sees the user and sends them to their landing page.
      await login(username.trim(), password, otp);
    } catch (error) {
      const failure = classifyLoginError(error);
      if (failure.kind === "otp")
        // A wrong code keeps the set-up on screen: the secret is still pending until a good code arrives.
        setOtpStep((current) => ({
          step: failure.invalid && current ? current.step : failure.step,
          invalid: failure.invalid,
        }));
      else if (failure.kind === "expired") setExpiredDays(failure.days);
      else if (failure.kind === "message") setMessage(t(failure.key));
      else if (failure.kind === "alert") setAlert(failureText(failure.error, t));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn();
  };

  const backToSignIn = (text?: string) => {
    setView("signin");
    setNotice(text ?? null);
  };

  if (view === "reset") {
    return (
      <AuthFrame title={t("login.resetTitle")} subtitle={t("login.resetSubtitle")}>
        <ResetRequestForm initialEmail={username} onDone={backToSignIn} />
      </AuthFrame>
    );
  }
  if (view === "expired") {
    return (
      <AuthFrame title={t("login.expiredTitle")} subtitle={t("login.expiredSubtitle")}>
        <ExpiredPasswordForm username={username} onDone={backToSignIn} />
      </AuthFrame>
    );
  }

  if (otpStep) {
    return (
      <AuthFrame title={t("twoFactor.title")} subtitle={username}>
        <OtpStep
          step={otpStep.step}
          username={username.trim()}
          password={password}
          busy={busy}
          invalid={otpStep.invalid}
          onSubmit={(otp) => void signIn(otp)}
          onBack={() => {
            setOtpStep(null);
            setPassword("");
          }}
        />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t("login.title")} subtitle={t("login.subtitle")}>
      <form onSubmit={submit}>
        <Stack gap="md">
          {signedOut && !notice ? (
            <Alert
              color="orange"
              variant="light"
              title={t("login.signedOutTitle")}
              data-testid="login-signed-out"
            >
              {signedOut.reason === "wrongBrand"
                ? t("apiErrors.auth_wrongBrand")
                : t(
                    signedOut.askTo === "provider"
                      ? "login.signedOutForbiddenStaff"
                      : "login.signedOutForbidden",
                    { path: signedOut.path },
                  )}
            </Alert>
          ) : null}
          {notice ? (
            <Alert color="teal" variant="light" data-testid="login-notice">
              {notice}
            </Alert>
          ) : null}
          <CredentialFields
            credentials={credentials}
            labels={{ username: t("login.username"), password: t("login.password") }}
            testIdPrefix="login"
            required
          />
          <Transition mounted={message !== null} transition="fade" duration={150}>
            {(style) => (
              <Alert
                style={style}
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                data-testid="login-message"
              >
                {message}
              </Alert>
            )}
          </Transition>
          {alert ? (
            <Alert
              color="red"
              title={t("errors.dialogTitle")}
              withCloseButton
              onClose={() => setAlert(null)}
              data-testid="login-alert"
            >
              {alert}
            </Alert>
          ) : null}
          <SignInSubmit
            busy={busy}
            icon={<IconLogin size={18} />}
            label={t("login.submit")}
            testId="login-submit"
          />
          <FormLink label={t("login.forgot")} onClick={() => setView("reset")} />
        </Stack>
      </form>
      <ExpiredPasswordModal
        days={expiredDays}
        onClose={() => setExpiredDays(null)}
        onChange={() => {
          setExpiredDays(null);
          setView("expired");
        }}
        onReset={() => {
          setExpiredDays(null);
          setView("reset");
        }}
      />
    </AuthFrame>
  );
}
