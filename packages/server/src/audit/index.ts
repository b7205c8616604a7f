/** Public surface of `audit/`. The audit log routes (recording itself is in the kernel: every capability writes it). */
export { auditRoutes } from "./routes.ts";
