import type { UserRow } from "../kernel/tenancy/user-row.ts";

/** The parts of a user that decide what their sessions may do and from where. */
export type AccessFields = Pick<
  UserRow,
  "role" | "read_only" | "restrictions" | "company_id" | "reseller_id"
>;

/** JSON with its object keys sorted, so a stored jsonb and a request body compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/**
 * Whether an edit changed the user's access: role, read-only flag, sign-in restrictions (hours, addresses) or
 * tenant. Sessions opened under the old access no longer conform to it and are ended, as a new password ends
 * them. A change of groups only narrows or widens what the sessions see, which every request and the live
 * channel (a fresh snapshot) apply at once; a change of name, phone or preferences ends nothing.
 */
export function accessChanged(before: AccessFields, after: AccessFields): boolean {
  return (
    before.role !== after.role ||
    before.read_only !== after.read_only ||
    before.company_id !== after.company_id ||
    before.reseller_id !== after.reseller_id ||
    canonical(before.restrictions) !== canonical(after.restrictions)
  );
}
