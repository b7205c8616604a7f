import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { FormFill } from "./form-fill.tsx";
import type { QueuedSubmission } from "./form-storage.ts";
import type { FormsOutbox, Position } from "./forms-outbox.ts";

const STATE_COLOR: Record<QueuedSubmission["state"], string> = {
  pending: "orange",
  sent: "green",
  refused: "red",
};

/**
 * The Forms tab: the forms assigned to the phone's item (the phone's copy when offline), the one being filled, and
 * what was submitted with its honest state: waiting on the phone, sent to the platform, or refused by it.
 */
export function FormsScreen({
  outbox,
  position,
}: {
  outbox: FormsOutbox;
  position(): Promise<Position | null>;
}) {
  const { t, i18n } = useTranslation();
  const state = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const [open, setOpen] = useState<number | null>(null);
  const form = state.forms?.find((f) => f.id === open);
  if (form) return <FormFill form={form} outbox={outbox} position={position} onDone={() => setOpen(null)} />;

  const pending = state.submissions.filter((s) => s.state === "pending").length;
  const time = (ts: number) => new Date(ts).toLocaleString(i18n.language);
  return (
    <Stack>
      {state.cached ? (
        <Alert color="gray" data-testid="forms-cached">
          {t("appForms.cached")}
        </Alert>
      ) : null}
      {state.forms === null ? <Loader mx="auto" /> : null}
      {state.forms?.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="forms-empty">
          {t("appForms.none")}
        </Text>
      ) : null}
      {state.forms?.map((f) => (
        <Card key={f.id} withBorder padding="sm" data-testid="form-card">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{f.name}</Text>
            {state.drafts.includes(f.id) ? (
              <Badge variant="light" color="gray" data-testid="form-draft">
                {t("appForms.draft")}
              </Badge>
            ) : null}
          </Group>
          {f.description ? (
            <Text size="sm" c="dimmed" mt={4}>
              {f.description}
            </Text>
          ) : null}
          <Button mt="xs" size="xs" variant="light" onClick={() => setOpen(f.id)} data-testid="form-open">
            {state.drafts.includes(f.id) ? t("appForms.continue") : t("appForms.fill")}
          </Button>
        </Card>
      ))}

      {state.submissions.length > 0 ? (
        <Stack gap="xs" mt="md">
          <Title order={6}>{t("appForms.submitted")}</Title>
          {state.problem && pending > 0 ? (
            <Alert color="orange" data-testid="forms-problem">
              {t(`appForms.problem.${state.problem}`)}
            </Alert>
          ) : null}
          {[...state.submissions].reverse().map((s) => (
            <Card key={s.clientId} withBorder padding="xs" data-testid="submission">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {s.formName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("appForms.filledAt", { time: time(s.ts) })}
                  </Text>
                  {s.problem ? (
                    <Text size="xs" c="red">
                      {s.problem}
                    </Text>
                  ) : null}
                </Stack>
                <Badge
                  color={STATE_COLOR[s.state]}
                  variant="light"
                  data-testid="submission-state"
                  data-state={s.state}
                >
                  {t(`appForms.state.${s.state}`)}
                </Badge>
              </Group>
            </Card>
          ))}
          {pending > 0 ? (
            <Button
              size="xs"
              variant="subtle"
              loading={state.sending}
              onClick={() => void outbox.flush()}
              data-testid="forms-send"
            >
              {t("appForms.sendNow")}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Button variant="subtle" size="xs" onClick={() => void outbox.load()}>
        {t("appForms.reload")}
      </Button>
    </Stack>
  );
}
