import { queryOptions } from "@tanstack/react-query";
import { ticketsApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** How many tickets are still open, in the user's scope (the dashboard's back-office figures). */
export const openTicketsCountQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: ["dashboard", "tickets", companyId],
    queryFn: () => api.call(ticketsApi.count, { params: { companyId: companyId ?? 0 } }),
    enabled: companyId !== null,
  });

/** Who a company's tickets can be assigned to. */
export const ticketAssigneesQuery = (companyId: number) =>
  queryOptions({
    queryKey: ["tickets", "assignees", companyId],
    queryFn: () => api.call(ticketsApi.assignees, { params: { companyId } }),
  });
