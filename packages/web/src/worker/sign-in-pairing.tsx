import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import type { WorkerPairing } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type PairableDevice, pairableDevices, SignInError, type SignInProblem } from "./sign-in.ts";

/**
 * The other way to pair: a company user signs in (the app's login history records it) and picks the person whose
 * phone this is; the phone then reports as that person's device.
 */
export function SignInPairing({ onPair }: { onPair(pairing: WorkerPairing): Promise<void> }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [otp, setOtp] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const [devices, setDevices] = useState<PairableDevice[] | null>(null);

  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setDevices(await pairableDevices({ username, password, ...(otp ? { otp } : {}) }));
    } catch (error) {
      const kind = error instanceof SignInError ? error.problem : "failed";
      if (kind === "otp") setOtp("");
      setProblem(kind === "otp" ? null : kind);
    } finally {
      setBusy(false);
    }
  };

  if (devices !== null) {
    return (
      <Stack gap="xs" data-testid="signin-devices">
        <Title order={5}>{t("app.signIn.choose")}</Title>
        {devices.length === 0 ? <Alert color="orange">{t("app.signIn.none")}</Alert> : null}
        {devices.map((d) => (
          <Button
            key={d.id}
            variant="default"
            justify="space-between"
            fullWidth
            rightSection={
              <Text size="xs" c="dimmed">
                {d.deviceId}
              </Text>
            }
            onClick={() => void onPair({ deviceId: d.deviceId, key: d.key })}
          >
            {d.itemName}
          </Button>
        ))}
        <Button variant="subtle" size="xs" onClick={() => setDevices(null)}>
          {t("app.signIn.back")}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Title order={5}>{t("app.signIn.title")}</Title>
      {problem ? (
        <Alert color="red" data-testid="signin-problem">
          {t(`app.signIn.${problem}`)}
        </Alert>
      ) : null}
      <TextInput
        label={t("app.signIn.username")}
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
        autoCapitalize="off"
        autoComplete="username"
        data-testid="signin-username"
      />
      <PasswordInput
        label={t("app.signIn.password")}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="current-password"
        data-testid="signin-password"
      />
      {otp !== null ? (
        <TextInput
          label={t("app.signIn.otp")}
          value={otp}
          onChange={(e) => setOtp(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      ) : null}
      <Button
        variant="light"
        onClick={() => void signIn()}
        loading={busy}
        disabled={!username.trim() || !password}
        data-testid="signin-submit"
      >
        {t("app.signIn.submit")}
      </Button>
    </Stack>
  );
}
