/** Public surface of `virtual-locks/`: arming and disarming virtual locks on items. */
export { virtualLockRoutes } from "./routes.ts";
