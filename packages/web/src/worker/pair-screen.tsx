import { Alert, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import type { WorkerPairing } from "@vigia/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "../kit/forms/use-submit.ts";
import type { PairingProblem } from "./controller.ts";
import { SignInPairing } from "./sign-in-pairing.tsx";

/**
 * Shown while the phone reports as no device: the QR code of the device (the platform's device list) opens this
 * app already paired; here the identifier and key can also be typed, or a company user signs in and picks the
 * person.
 */
export function PairScreen({
  onPair,
  problem,
}: {
  onPair(pairing: WorkerPairing): Promise<void>;
  problem: PairingProblem | null;
}) {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState("");
  const [key, setKey] = useState("");
  // Pairing does not throw: what went wrong comes back as `problem`.
  const { busy, run } = useSubmit(() => null);
  const submit = () => run(() => onPair({ deviceId: deviceId.trim(), key: key.trim() }));
  return (
    <Stack>
      <Title order={3}>{t("app.pair.title")}</Title>
      <Text size="sm">{t("app.pair.intro")}</Text>
      {problem ? (
        <Alert color="red" data-testid="pair-problem">
          {t(`app.pair.${problem}`)}
        </Alert>
      ) : null}
      <TextInput
        label={t("app.pair.deviceId")}
        value={deviceId}
        onChange={(e) => setDeviceId(e.currentTarget.value)}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <PasswordInput label={t("app.pair.key")} value={key} onChange={(e) => setKey(e.currentTarget.value)} />
      <Button onClick={() => void submit()} loading={busy} disabled={!deviceId.trim() || !key.trim()}>
        {t("app.pair.submit")}
      </Button>
      <Divider label={t("app.pair.or")} labelPosition="center" />
      <SignInPairing onPair={onPair} />
    </Stack>
  );
}
