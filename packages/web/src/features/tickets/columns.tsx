import { Badge } from "@mantine/core";
import type { TicketPriority, TicketState, TicketSummary } from "@vigia/domain";
import type { TFunction } from "i18next";
import { formatDateTime } from "../../kit/format/date.ts";
import type { DataColumn } from "../../kit/table/index.ts";

export const STATE_COLOR: Record<TicketState, string> = {
  open: "red",
  inProgress: "yellow",
  resolved: "teal",
  closed: "gray",
};
export const PRIORITY_COLOR: Record<TicketPriority, string> = { low: "gray", medium: "blue", high: "red" };

export function StateBadge({ state, t }: { state: TicketState; t: TFunction }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="light" data-testid="ticket-state">
      {t(`tickets.state.${state}`)}
    </Badge>
  );
}

/** The ticket list's columns; the provider's list also names the company. */
export function ticketColumns(
  t: TFunction,
  timezone: string,
  withCompany: boolean,
): DataColumn<TicketSummary>[] {
  return [
    { key: "id", header: "#", value: (r) => r.id, sortable: true, width: 60 },
    ...(withCompany
      ? [
          {
            key: "company",
            header: t("tickets.company"),
            value: (r: TicketSummary) => r.companyName,
            sortable: true,
          },
        ]
      : []),
    { key: "title", header: t("tickets.title"), value: (r) => r.title, sortable: true },
    { key: "type", header: t("tickets.type"), value: (r) => t(`tickets.types.${r.type}`), sortable: true },
    {
      key: "priority",
      header: t("tickets.priority"),
      value: (r) => t(`tickets.priorities.${r.priority}`),
      render: (r) => (
        <Badge color={PRIORITY_COLOR[r.priority]} variant="dot">
          {t(`tickets.priorities.${r.priority}`)}
        </Badge>
      ),
      sortable: true,
    },
    {
      key: "state",
      header: t("tickets.stateLabel"),
      value: (r) => t(`tickets.state.${r.state}`),
      render: (r) => <StateBadge state={r.state} t={t} />,
      sortable: true,
      width: 130,
    },
    { key: "assignee", header: t("tickets.assignee"), value: (r) => r.assigneeName ?? "", sortable: true },
    { key: "requester", header: t("tickets.requester"), value: (r) => r.requesterName, sortable: true },
    { key: "link", header: t("tickets.link"), value: (r) => r.linkName ?? "", sortable: true },
    {
      key: "tasks",
      header: t("tickets.tasks"),
      value: (r) => (r.tasksTotal === 0 ? "" : `${r.tasksDone}/${r.tasksTotal}`),
    },
    {
      key: "updated",
      header: t("tickets.updated"),
      value: (r) => formatDateTime(r.updatedTs, timezone),
      sortable: true,
    },
  ];
}
