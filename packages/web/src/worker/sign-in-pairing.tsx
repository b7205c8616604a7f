import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import type { WorkerPairing } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CredentialFields, useCredentials } from "../kit/forms/credential-fields.tsx";
import { OneTimeCodeInput } from "../kit/forms/one-time-code-input.tsx";
import { useSubmit } from "../kit/forms/use-submit.ts";
import { type PairableDevice, pairableDevices, SignInError, type SignInProblem } from "./sign-in.ts";

/**
 * The other way to pair: a company user signs in (the app's login history records it) and picks the person whose
 * phone this is; the phone then reports as that person's device.
 */
export function SignInPairing({ onPair }: { onPair(pairing: WorkerPairing): Promise<void> }) {
  const { t } = useTranslation();
  const credentials = useCredentials();
  const { username, password } = credentials;
  const [otp, setOtp] = useState<string | null>(null);
  const [devices, setDevices] = useState<PairableDevice[] | null>(null);
  // A refused code asks for the authenticator's code instead of showing a problem.
  const {
    busy,
    error: problem,
    run,
  } = useSubmit<SignInProblem>((error) => {
    const kind = error instanceof SignInError ? error.problem : "failed";
    if (kind !== "otp") return kind;
    setOtp("");
    return null;
  });

  const signIn = () =>
    run(async () => setDevices(await pairableDevices({ username, password, ...(otp ? { otp } : {}) })));

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
      <CredentialFields
        credentials={credentials}
        labels={{ username: t("app.signIn.username"), password: t("app.signIn.password") }}
        testIdPrefix="signin"
      />
      {otp !== null ? <OneTimeCodeInput label={t("app.signIn.otp")} value={otp} onChange={setOtp} /> : null}
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
