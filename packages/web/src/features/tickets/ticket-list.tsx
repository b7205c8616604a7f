import { Drawer, SegmentedControl } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import type { TicketSummary } from "@vigia/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../kit/table/index.ts";
import { useTimezone } from "../../platform/session/preferences.tsx";
import { ticketColumns } from "./columns.tsx";
import type { StateFilter } from "./use-ticket-list.ts";

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
  opened,
  onClose,
  children,
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
  /** The drawer shows while a ticket is open; `children` is its content. */
  opened: boolean;
  onClose(): void;
  children: ReactNode;
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
      <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={t("tickets.ticket")}>
        {children}
      </Drawer>
    </>
  );
}
