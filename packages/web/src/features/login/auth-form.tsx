import { Alert, Anchor, Button, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Submit } from "../../kit/forms/use-submit.ts";

interface Props {
  /** The form's send state; its failure shows above the button. */
  submit: Submit<string>;
  send(): Promise<unknown>;
  valid: boolean;
  label: string;
  /** Shows the way back to the sign-in form. */
  onBack?(): void;
  testIds?: { error: string; submit: string };
  children: ReactNode;
}

/** A form before sign-in (password reset, change, creation): its fields, failure, submit and way back. */
export function AuthForm({ submit, send, valid, label, onBack, testIds, children }: Props) {
  return (
    <form onSubmit={submit.onSubmit(send)}>
      <Stack gap="md">
        {children}
        {submit.error ? (
          <Alert color="red" data-testid={testIds?.error}>
            {submit.error}
          </Alert>
        ) : null}
        <Button type="submit" loading={submit.busy} disabled={!valid} fullWidth data-testid={testIds?.submit}>
          {label}
        </Button>
        {onBack ? <BackToSignIn onClick={onBack} /> : null}
      </Stack>
    </form>
  );
}

/** The wide submit of a sign-in step, with its icon. */
export function SignInSubmit(props: {
  busy: boolean;
  disabled?: boolean;
  icon: ReactNode;
  label: string;
  testId: string;
}) {
  return (
    <Button
      type="submit"
      loading={props.busy}
      disabled={props.disabled}
      fullWidth
      size="md"
      leftSection={props.icon}
      data-testid={props.testId}
    >
      {props.label}
    </Button>
  );
}

/** A small centred link under a form's submit, to another view of the sign-in screen. */
export function FormLink({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onClick()}>
      {label}
    </Anchor>
  );
}

/** The link back to the sign-in form from its other views. */
export function BackToSignIn({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return <FormLink label={t("login.backToSignIn")} onClick={onClick} />;
}
