export { openTicketsCountQuery } from "./api.ts";
export { TicketForm } from "./ticket-form.tsx";
export { TicketsAdminPage } from "./tickets-admin-page.tsx";
export { TicketsPage } from "./tickets-page.tsx";
