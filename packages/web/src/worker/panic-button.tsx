import { Button, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** How long the button must be held: long enough that a pocket or a slip does not send an SOS. */
export const PANIC_HOLD_MS = 1500;

/**
 * The panic button: held for 1.5 s (the bar fills while held; letting go earlier cancels) it sends an SOS.
 * `state` is the last press: sending until the platform acknowledged it, then received.
 */
export function PanicButton({ onPanic, state }: { onPanic(): void; state: "sending" | "received" | null }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(0);
  const started = useRef<number | null>(null);
  const frame = useRef<number | null>(null);

  const cancel = () => {
    started.current = null;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    setProgress(0);
  };
  useEffect(() => cancel, []);

  const tick = () => {
    if (started.current === null) return;
    const held = performance.now() - started.current;
    if (held >= PANIC_HOLD_MS) {
      cancel();
      onPanic();
      return;
    }
    setProgress((held / PANIC_HOLD_MS) * 100);
    frame.current = requestAnimationFrame(tick);
  };
  const press = () => {
    cancel();
    started.current = performance.now();
    frame.current = requestAnimationFrame(tick);
  };

  return (
    <Stack gap={6}>
      <Button
        color="red"
        size="xl"
        fullWidth
        leftSection={<IconAlertTriangle />}
        onPointerDown={press}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onContextMenu={(e) => e.preventDefault()}
        style={{ touchAction: "none", userSelect: "none" }}
        data-testid="panic"
      >
        {t("app.panic.hold")}
      </Button>
      <Progress value={progress} color="red" size="sm" aria-label={t("app.panic.hold")} />
      {state ? (
        <Text size="sm" fw={600} c={state === "received" ? "green" : "orange"} data-testid="panic-state">
          {t(`app.panic.${state}`)}
        </Text>
      ) : null}
    </Stack>
  );
}
