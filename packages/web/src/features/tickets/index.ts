export { FileLink } from "./FileLink.tsx";
export { TicketsAdminPage } from "./TicketsAdminPage.tsx";
export { TicketsPage } from "./TicketsPage.tsx";
