import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { allows, type Ticket, type TicketSummary, ticketsApi } from "@vigia/domain";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { api } from "../../platform/api/instance.ts";
import { useCompany, useCompanyIdForCalls } from "../../platform/company/index.ts";
import { useUser } from "../../platform/session/session.ts";
import { TicketForm } from "./ticket-form.tsx";
import { TicketList } from "./ticket-list.tsx";
import { type StateFilter, useTicketList } from "./use-ticket-list.ts";

/**
 * /tickets: the company's incidents and service requests. Every user with the company reads them; operators
 * write them even when read-only. The list follows the live channel.
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const companyId = useCompanyIdForCalls();
  const writable = allows(ticketsApi.create.access, user);
  const [filter, setFilter] = useState<StateFilter>("open");
  // The loaded company's id as a value: the list reloads when it changes, not on every render.
  const loadedId = useCompany().companyId ?? 0;
  const fetch = useCallback(
    (state: StateFilter) => api.call(ticketsApi.list, { params: { companyId: loadedId }, query: { state } }),
    [loadedId],
  );
  const list = useTicketList(fetch, filter);
  const [open, setOpen] = useState<Ticket | null>(null);
  const [editing, setEditing] = useState<Ticket | "new" | null>(null);

  const show = async (row: Pick<TicketSummary, "id">) =>
    setOpen(await api.call(ticketsApi.one, { params: { companyId: companyId(), id: row.id } }));
  // /tickets?open=12 opens that ticket (the incidents screen links to the ticket opened from an incident).
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get("open"));
  useEffect(() => {
    if (!Number.isInteger(openId) || openId <= 0 || loadedId === 0) return;
    setSearch({}, { replace: true });
    void api.call(ticketsApi.one, { params: { companyId: loadedId, id: openId } }).then(setOpen);
  }, [openId, loadedId, setSearch]);
  const apply = (ticket: Ticket) => {
    setOpen(ticket);
    list.put(ticket);
  };
  const params = (id: number) => ({ companyId: companyId(), id });

  return (
    <Stack p="md" gap="md" style={{ flex: 1 }}>
      <TicketList
        name="tickets"
        title={t("routes.tickets")}
        withCompany={false}
        list={list}
        filter={filter}
        onFilter={setFilter}
        onOpen={show}
        toolbar={
          writable && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-testid="mgmt-new"
            >
              {t("tickets.new")}
            </Button>
          )
        }
        open={open}
        onClose={() => setOpen(null)}
        writable={writable}
        actions={(ticket) => ({
          onEdit: () => setEditing(ticket),
          onState: async (state, note) =>
            apply(await api.call(ticketsApi.setState, { params: params(ticket.id), body: { state, note } })),
          onComment: async (text, attachments) =>
            apply(
              await api.call(ticketsApi.comment, { params: params(ticket.id), body: { text, attachments } }),
            ),
          onAddTask: async (text) =>
            apply(await api.call(ticketsApi.addTask, { params: params(ticket.id), body: { text } })),
          onTask: async (taskId, done) =>
            apply(
              await api.call(ticketsApi.setTask, {
                params: { ...params(ticket.id), taskId },
                body: { done },
              }),
            ),
        })}
      />
      {editing !== null && (
        <TicketForm
          ticket={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(ticket) => {
            list.put(ticket);
            if (open) setOpen(ticket);
          }}
        />
      )}
    </Stack>
  );
}
