import { Stack } from "@mantine/core";
import { allows, type Ticket, type TicketSummary, ticketsApi } from "@vigia/domain";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../platform/api/instance.ts";
import { useUser } from "../../platform/session/session.ts";
import { TicketList } from "./ticket-list.tsx";
import { type StateFilter, useTicketList } from "./use-ticket-list.ts";

const serviceRequest = (t: TicketSummary) => t.type === "serviceRequest";

/**
 * /ticketsAdmin: the service requests the reseller's companies address to their provider. Reseller staff
 * answer them (the company sees the answer in its ticket) and move them along; incidents never show here.
 */
export function TicketsAdminPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resellerId = user.resellerId ?? 0;
  const writable = allows(ticketsApi.resellerComment.access, user);
  const [filter, setFilter] = useState<StateFilter>("open");
  const fetch = useCallback(
    (state: StateFilter) => api.call(ticketsApi.resellerList, { params: { resellerId }, query: { state } }),
    [resellerId],
  );
  const list = useTicketList(fetch, filter, serviceRequest);
  const [open, setOpen] = useState<Ticket | null>(null);
  const apply = (ticket: Ticket) => {
    setOpen(ticket);
    list.put(ticket);
  };

  return (
    <Stack p="md" gap="md" style={{ flex: 1 }}>
      <TicketList
        name="ticketsAdmin"
        title={t("tickets.adminTitle")}
        withCompany
        list={list}
        filter={filter}
        onFilter={setFilter}
        onOpen={async (row) =>
          setOpen(await api.call(ticketsApi.resellerOne, { params: { resellerId, id: row.id } }))
        }
        open={open}
        onClose={() => setOpen(null)}
        writable={writable}
        actions={(ticket) => ({
          onState: async (state, note) =>
            apply(
              await api.call(ticketsApi.resellerSetState, {
                params: { resellerId, id: ticket.id },
                body: { state, note },
              }),
            ),
          onComment: async (text, attachments) =>
            apply(
              await api.call(ticketsApi.resellerComment, {
                params: { resellerId, id: ticket.id },
                body: { text, attachments },
              }),
            ),
        })}
      />
    </Stack>
  );
}
