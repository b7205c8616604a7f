import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Textarea } from "@mantine/core";
import type { ItineraryProgress, Ticket, WorkerPairing } from "@vigia/domain";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commentTicket, DeviceCallError, fetchItinerary, fetchTickets } from "./device-api.ts";
import { cachedItinerary, keepItinerary } from "./itinerary-cache.ts";
import { ItineraryCard } from "./itinerary-card.tsx";

const STATE_COLOR: Record<Ticket["state"], string> = {
  open: "blue",
  inProgress: "orange",
  resolved: "green",
  closed: "gray",
};

function TicketCard({ ticket, onComment }: { ticket: Ticket; onComment(text: string): Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await onComment(text.trim());
      setText("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" data-testid="task">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>{ticket.title}</Text>
        <Badge color={STATE_COLOR[ticket.state]} variant="light">
          {t(`app.tasks.state.${ticket.state}`)}
        </Badge>
      </Group>
      {ticket.description ? (
        <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap" }}>
          {ticket.description}
        </Text>
      ) : null}
      <Stack gap={4} mt="xs">
        {ticket.comments.map((c) => (
          <Text key={c.id} size="sm" data-testid="task-comment-entry">
            <Text span c="dimmed" size="xs">
              {c.author} · {new Date(c.ts).toLocaleString(i18n.language)}
            </Text>
            <br />
            {c.text}
          </Text>
        ))}
      </Stack>
      <Textarea
        mt="xs"
        autosize
        minRows={1}
        placeholder={t("app.tasks.comment")}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="task-comment"
      />
      <Button
        mt={6}
        size="xs"
        variant="light"
        onClick={() => void send()}
        loading={busy}
        disabled={!text.trim()}
        data-testid="task-comment-send"
      >
        {t("app.tasks.send")}
      </Button>
    </Card>
  );
}

/**
 * The person's tasks: today's itineraries of the phone's item, then the open tickets linked to the person
 * (read-only, with their comments), where the phone may add a comment. Read through the device's own credential;
 * without a connection it says so, and shows the itineraries as last read.
 */
export function TasksScreen({ pairing }: { pairing: WorkerPairing }) {
  const { t } = useTranslation();
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [problem, setProblem] = useState<"offline" | "failed" | null>(null);
  const [itineraries, setItineraries] = useState<ItineraryProgress[] | null>(() =>
    cachedItinerary(pairing.deviceId),
  );
  const [itineraryFresh, setItineraryFresh] = useState(false);
  const load = useCallback(async () => {
    const [readTickets, readItinerary] = await Promise.allSettled([
      fetchTickets(pairing),
      fetchItinerary(pairing),
    ]);
    if (readItinerary.status === "fulfilled") {
      setItineraries(readItinerary.value);
      setItineraryFresh(true);
      keepItinerary(pairing.deviceId, readItinerary.value);
    } else {
      setItineraries(cachedItinerary(pairing.deviceId));
      setItineraryFresh(false);
    }
    const failure = [readTickets, readItinerary].find((r) => r.status === "rejected");
    if (readTickets.status === "fulfilled") setTickets(readTickets.value);
    if (failure === undefined) setProblem(null);
    else {
      const error: unknown = failure.reason;
      setProblem(error instanceof DeviceCallError && error.kind === "offline" ? "offline" : "failed");
    }
  }, [pairing]);
  useEffect(() => {
    void load();
  }, [load]);
  const comment = async (id: number, text: string) => {
    try {
      const updated = await commentTicket(pairing, id, text);
      setTickets((list) => list?.map((x) => (x.id === id ? updated : x)) ?? null);
    } catch (error) {
      setProblem(error instanceof DeviceCallError && error.kind === "offline" ? "offline" : "failed");
    }
  };
  return (
    <Stack>
      {problem ? <Alert color="orange">{t(`app.tasks.${problem}`)}</Alert> : null}
      {itineraries !== null && itineraries.length > 0 && !itineraryFresh && problem !== null ? (
        <Text size="xs" c="dimmed" data-testid="itinerary-cached">
          {t("workerItinerary.cached")}
        </Text>
      ) : null}
      {itineraries?.map((it) => (
        <ItineraryCard key={it.itineraryId} itinerary={it} />
      ))}
      {tickets === null && problem === null ? <Loader mx="auto" /> : null}
      {tickets?.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="tasks-empty">
          {t("app.tasks.none")}
        </Text>
      ) : null}
      {tickets?.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} onComment={(text) => comment(ticket.id, text)} />
      ))}
      <Button variant="subtle" size="xs" onClick={() => void load()} data-testid="tasks-reload">
        {t("app.tasks.reload")}
      </Button>
    </Stack>
  );
}
