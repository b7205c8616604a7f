export { TicketsAdminPage } from "./TicketsAdminPage.tsx";
export { TicketsPage } from "./TicketsPage.tsx";
