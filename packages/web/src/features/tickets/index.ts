export { openTicketsCountQuery } from "./api.ts";
export { TicketForm } from "./TicketForm.tsx";
export { TicketsAdminPage } from "./TicketsAdminPage.tsx";
export { TicketsPage } from "./TicketsPage.tsx";
