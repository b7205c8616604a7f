import { Drawer, SegmentedControl } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import type { Ticket, TicketSummary } from "@vigia/domain";
import { type ComponentProps, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../kit/table/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { ticketColumns } from "./columns.tsx";
import { TicketDetail } from "./ticket-detail.tsx";
import type { StateFilter } from "./use-ticket-list.ts";

/** What a screen does with an open ticket: the calls behind its moves, comments and tasks. */
type TicketActions = Omit<ComponentProps<typeof TicketDetail>, "ticket" | "timezone" | "writable">;

const FILTERS: readonly StateFilter[] = ["open", "closed", "all"];

/**
 * A ticket screen: the list with its open / closed / all filter, newest change first, and the opened ticket in
 * a drawer on the right. The company's and the reseller's screens differ in the calls and in what they allow.
 */
export function TicketList({
  name,
  title,
  withCompany,
  list,
  filter,
  onFilter,
  onOpen,
  toolbar,
  open,
  onClose,
  writable,
  actions,
}: {
  name: string;
  title: string;
  /** Adds the company column (the reseller sees every company's requests). */
  withCompany: boolean;
  list: { rows: TicketSummary[]; loading: boolean };
  filter: StateFilter;
  onFilter(filter: StateFilter): void;
  onOpen(row: TicketSummary): unknown;
  /** More buttons after the filter. */
  toolbar?: ReactNode;
  /** The ticket shown in the drawer. */
  open: Ticket | null;
  onClose(): void;
  /** The user may change state and comment. */
  writable: boolean;
  actions(ticket: Ticket): TicketActions;
}) {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const columns = useMemo(() => ticketColumns(t, timezone, withCompany), [t, timezone, withCompany]);
  return (
    <>
      <DataTable
        name={name}
        title={title}
        rows={list.rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={list.loading}
        // Opening a row only reads: every user gets it; writes are gated inside.
        readOnly={false}
        initialSort={{ key: "updated", dir: "desc" }}
        actions={[{ key: "open", label: t("tickets.open"), icon: <IconEye size={16} />, onClick: onOpen }]}
        toolbar={
          <>
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => onFilter(FILTERS.find((f) => f === v) ?? "open")}
              data={FILTERS.map((f) => ({ value: f, label: t(`tickets.filter.${f}`) }))}
              data-testid="tickets-filter"
            />
            {toolbar}
          </>
        }
      />
      <Drawer opened={open !== null} onClose={onClose} position="right" size="lg" title={t("tickets.ticket")}>
        {open && <TicketDetail ticket={open} timezone={timezone} writable={writable} {...actions(open)} />}
      </Drawer>
    </>
  );
}
