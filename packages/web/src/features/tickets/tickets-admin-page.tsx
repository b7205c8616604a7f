import { Drawer, SegmentedControl, Stack } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { allows, type Ticket, type TicketSummary, ticketsApi } from "@vigia/domain";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../kit/table/index.ts";
import { api } from "../../platform/api/instance.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { useUser } from "../../platform/session/session.ts";
import { ticketColumns } from "./columns.tsx";
import { TicketDetail } from "./ticket-detail.tsx";
import { type StateFilter, useTicketList } from "./use-ticket-list.ts";

const serviceRequest = (t: TicketSummary) => t.type === "serviceRequest";

/**
 * /ticketsAdmin: the service requests the reseller's companies address to their provider. Reseller staff
 * answer them (the company sees the answer in its ticket) and move them along; incidents never show here.
 */
export function TicketsAdminPage() {
  const { t } = useTranslation();
  const user = useUser();
  const { timezone } = useTimezone();
  const resellerId = user.resellerId ?? 0;
  const writable = allows(ticketsApi.resellerComment.access, user);
  const [filter, setFilter] = useState<StateFilter>("open");
  const fetch = useCallback(
    (state: StateFilter) => api.call(ticketsApi.resellerList, { params: { resellerId }, query: { state } }),
    [resellerId],
  );
  const list = useTicketList(fetch, filter, serviceRequest);
  const [open, setOpen] = useState<Ticket | null>(null);
  const columns = useMemo(() => ticketColumns(t, timezone, true), [t, timezone]);
  const apply = (ticket: Ticket) => {
    setOpen(ticket);
    list.put(ticket);
  };

  return (
    <Stack p="md" gap="md" style={{ flex: 1 }}>
      <DataTable
        name="ticketsAdmin"
        title={t("tickets.adminTitle")}
        rows={list.rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={list.loading}
        // Opening a row only reads: every user gets it; writes are gated inside.
        readOnly={false}
        initialSort={{ key: "updated", dir: "desc" }}
        actions={[
          {
            key: "open",
            label: t("tickets.open"),
            icon: <IconEye size={16} />,
            onClick: async (row) =>
              setOpen(await api.call(ticketsApi.resellerOne, { params: { resellerId, id: row.id } })),
          },
        ]}
        toolbar={
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(v) => setFilter(v as StateFilter)}
            data={[
              { value: "open", label: t("tickets.filter.open") },
              { value: "closed", label: t("tickets.filter.closed") },
              { value: "all", label: t("tickets.filter.all") },
            ]}
            data-testid="tickets-filter"
          />
        }
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={t("tickets.ticket")}
      >
        {open && (
          <TicketDetail
            ticket={open}
            timezone={timezone}
            writable={writable}
            onState={async (state, note) =>
              apply(
                await api.call(ticketsApi.resellerSetState, {
                  params: { resellerId, id: open.id },
                  body: { state, note },
                }),
              )
            }
            onComment={async (text, attachments) =>
              apply(
                await api.call(ticketsApi.resellerComment, {
                  params: { resellerId, id: open.id },
                  body: { text, attachments },
                }),
              )
            }
          />
        )}
      </Drawer>
    </Stack>
  );
}
