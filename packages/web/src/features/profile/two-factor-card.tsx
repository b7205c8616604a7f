import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type OtpEnrolment, twoFactorApi } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isOneTimeCode, OneTimeCodeInput } from "../../kit/forms/one-time-code-input.tsx";
import { useSubmit } from "../../kit/forms/use-submit.ts";
import { QrImage } from "../../kit/qr/qr-image.tsx";
import { failureText } from "../../platform/api/error-text.ts";
import { api } from "../../platform/api/instance.ts";
import { twoFactorStatusQuery } from "./api.ts";

/** The user's own two-step sign-in: set up with a QR code and a first code; off with a current code. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorStatusQuery());
  const [mode, setMode] = useState<"idle" | "setup" | "off">("idle");
  const [enrolment, setEnrolment] = useState<OtpEnrolment | null>(null);
  const [otp, setOtp] = useState("");
  const { busy, error, setError, run } = useSubmit((e) => failureText(e, t));
  const reset = () => {
    setMode("idle");
    setEnrolment(null);
    setOtp("");
    setError(null);
  };
  const startSetup = () =>
    run(async () => {
      setEnrolment(await api.call(twoFactorApi.setup, {}, { quiet: true }));
      setMode("setup");
    });
  const confirm = () =>
    run(async () => {
      const route = mode === "setup" ? twoFactorApi.enable : twoFactorApi.disable;
      const next = await api.call(route, { body: { otp: otp.trim() } }, { quiet: true });
      queryClient.setQueryData(twoFactorStatusQuery().queryKey, next);
      notifications.show({
        color: "teal",
        message: t(next.enabled ? "twoFactor.enabled" : "twoFactor.disabled"),
      });
      reset();
    });

  const enabled = status.data?.enabled ?? false;
  return (
    <Paper withBorder p="lg" data-testid="two-factor-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t("twoFactor.card")}</Text>
          <Badge color={enabled ? "teal" : "gray"} data-testid={enabled ? "otp-on" : "otp-disabled"}>
            {enabled ? "ON" : "OFF"}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(enabled ? "twoFactor.on" : "twoFactor.off")}
          {status.data?.required ? ` ${t("twoFactor.enforced")}` : ""}
        </Text>
        {mode === "setup" && enrolment ? (
          <Group align="flex-start" gap="lg">
            <QrImage value={enrolment.uri} alt={t("twoFactor.qrAlt")} />
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Text size="sm">{t("twoFactor.manualKey")}</Text>
              <Code data-testid="otp-secret">{enrolment.secret}</Code>
            </Stack>
          </Group>
        ) : null}
        {mode === "off" ? <Text size="sm">{t("twoFactor.offIntro")}</Text> : null}
        {mode !== "idle" ? (
          <OneTimeCodeInput
            label={t("twoFactor.code")}
            value={otp}
            onChange={setOtp}
            data-testid="profile-otp"
          />
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end">
          {mode === "idle" && !enabled ? (
            <Button
              leftSection={<IconShieldLock size={16} />}
              loading={busy}
              onClick={() => void startSetup()}
              data-testid="otp-setup"
            >
              {t("twoFactor.turnOn")}
            </Button>
          ) : null}
          {mode === "idle" && enabled && !status.data?.required ? (
            <Button variant="default" color="red" onClick={() => setMode("off")} data-testid="otp-off">
              {t("twoFactor.turnOff")}
            </Button>
          ) : null}
          {mode !== "idle" ? (
            <>
              <Button variant="default" onClick={reset}>
                {t("twoFactor.cancel")}
              </Button>
              <Button
                loading={busy}
                disabled={!isOneTimeCode(otp)}
                onClick={() => void confirm()}
                data-testid="profile-otp-confirm"
              >
                {t("twoFactor.confirm")}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
