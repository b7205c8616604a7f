import type { TicketSummary } from "@vigia/domain";
import { useCallback, useEffect, useState } from "react";
import { onLiveMessage } from "../../platform/live/live-client.ts";

export type StateFilter = "open" | "closed" | "all";

const matches = (filter: StateFilter, t: TicketSummary) =>
  filter === "all" || (filter === "closed") === (t.state === "closed");

/**
 * A ticket list that loads with `fetch` and follows the live channel: a `ticket` message puts the changed
 * ticket in place (or takes it out when it left the filter), so nobody reloads to see a new comment or state.
 */
const ANY = () => true;

export function useTicketList(
  fetch: (state: StateFilter) => Promise<Record<string, TicketSummary>>,
  filter: StateFilter,
  accept: (t: TicketSummary) => boolean = ANY,
) {
  const [rows, setRows] = useState<TicketSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows(Object.values(await fetch(filter)));
    } finally {
      setLoading(false);
    }
  }, [fetch, filter]);
  useEffect(() => void reload().catch(() => undefined), [reload]);
  useEffect(
    () =>
      onLiveMessage((message) => {
        if (message.type !== "ticket") return;
        const ticket = message.data;
        setRows((list) => {
          const rest = list.filter((x) => x.id !== ticket.id);
          return matches(filter, ticket) && accept(ticket) ? [ticket, ...rest] : rest;
        });
      }),
    [filter, accept],
  );
  const put = useCallback(
    (ticket: TicketSummary) =>
      setRows((list) => {
        const rest = list.filter((x) => x.id !== ticket.id);
        return matches(filter, ticket) ? [ticket, ...rest] : rest;
      }),
    [filter],
  );
  return { rows, loading, reload, put };
}
