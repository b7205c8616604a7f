export { deviceTicketRoutes } from "./device-routes.ts";
export { resellerTicketRoutes } from "./reseller-routes.ts";
export { ticketRoutes } from "./routes.ts";
export type { TicketsContext } from "./service.ts";
export { countOpen as countOpenTickets, type TicketFilter } from "./store.ts";
