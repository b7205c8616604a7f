/** Public surface of `commands/`. Commands to an item's device from the map: the company routes. */
export { type CommandsContext, commandRoutes } from "./routes.ts";
