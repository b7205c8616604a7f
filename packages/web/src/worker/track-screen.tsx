import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { WorkerController, WorkerState } from "./controller.ts";
import { PanicButton } from "./panic-button.tsx";

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Tracking: start/stop, what waits in the queue, the last position and upload, the panic button. */
export function TrackScreen({ state, controller }: { state: WorkerState; controller: WorkerController }) {
  const { t, i18n } = useTranslation();
  const time = (ts: number | null) =>
    ts === null ? t("app.track.never") : new Date(ts).toLocaleTimeString(i18n.language);
  const fix = state.lastFix;
  const problem = state.uploadProblem ?? state.trackingProblem;
  return (
    <Stack>
      <Group justify="space-between">
        <Badge size="lg" color={state.tracking ? "green" : "gray"} data-testid="tracking-state">
          {t(state.tracking ? "app.track.on" : "app.track.off")}
        </Badge>
        <Badge size="lg" variant="light" color={state.online ? "blue" : "orange"} data-testid="network-state">
          {state.sending ? t("app.net.sending") : t(state.online ? "app.net.online" : "app.net.offline")}
        </Badge>
      </Group>
      {state.tracking ? (
        <Button
          size="lg"
          color="gray"
          leftSection={<IconPlayerStop />}
          onClick={() => void controller.stopTracking()}
          data-testid="track-stop"
        >
          {t("app.track.stop")}
        </Button>
      ) : (
        <Button
          size="lg"
          leftSection={<IconPlayerPlay />}
          onClick={() => void controller.startTracking()}
          data-testid="track-start"
        >
          {t("app.track.start")}
        </Button>
      )}
      {problem ? (
        <Alert color={state.uploadProblem === "refused" ? "red" : "orange"}>
          {t(`app.problem.${problem}`)}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <SimpleGrid cols={2} spacing="sm">
          <Figure label={t("app.track.queued")} value={String(state.queued)} testId="queued" />
          <Figure label={t("app.track.lastSent")} value={time(state.lastSent)} testId="last-sent" />
          <Figure label={t("app.track.lastFix")} value={time(fix?.ts ?? null)} />
          <Figure
            label={t("app.track.accuracy")}
            value={fix?.accuracy == null ? "–" : `${Math.round(fix.accuracy)} m`}
          />
          <Figure
            label={t("app.track.speed")}
            value={fix?.speed == null ? "–" : `${Math.round(fix.speed)} km/h`}
          />
          <Figure label={t("app.track.activity")} value={fix ? t(`app.activity.${fix.activity}`) : "–"} />
          <Figure label={t("app.track.battery")} value={fix?.battery == null ? "–" : `${fix.battery} %`} />
          <Figure
            label={t("app.track.position")}
            value={fix ? `${fix.lat.toFixed(5)}, ${fix.lng.toFixed(5)}` : "–"}
          />
        </SimpleGrid>
      </Paper>
      {state.config?.config.panic ? (
        <PanicButton onPanic={() => void controller.panic()} state={state.panic?.state ?? null} />
      ) : null}
      {state.tracking ? (
        <Text size="xs" c="dimmed">
          {t(state.screenLock ? "app.screen.held" : "app.screen.none")}
        </Text>
      ) : null}
      <Alert color="gray" variant="light" title={t("app.help.title")}>
        {t("app.help.background")}
      </Alert>
    </Stack>
  );
}
