/** The audit log's table, which the platform-wide log shows too. */

export { AuditLogTable } from "./audit-log-table.tsx";
