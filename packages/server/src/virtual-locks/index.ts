/** Public surface of `virtual-locks/`: arming and disarming virtual locks on items (issue 18). */
export { virtualLockRoutes } from "./routes.ts";
