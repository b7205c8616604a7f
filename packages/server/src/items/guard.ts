import type { ServerMessage } from "@vigia/domain";
import type { KernelContext } from "../kernel/context.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError, badRequest, notFound } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { LiveState } from "../live/index.ts";

/**
 * Guards shared by the management routes: who may manage what, and whether a referenced group or item lies
 * inside the caller's scope. A foreign or invisible row is always 404 (the caller learns nothing).
 */

/**
 * Changing items, groups and devices goes through `live` (wired in `src/app/`): it drops the ingest bindings
 * the change invalidates and tells the open maps.
 */
export type ItemsContext = KernelContext & { live: LiveState };

/** The group must exist in the company and be visible; group-scoped users may only use their own groups. */
export async function assertGroup(db: Queryable, scope: CompanyScope, groupId: number): Promise<void> {
  const rows = await db.query("select 1 from groups where id = $1 and company_id = $2", [
    groupId,
    scope.companyId,
  ]);
  if (rows.length === 0) throw badRequest("validation.failed", { group: "groupRequired" });
  if (scope.groupIds !== null && !scope.groupIds.includes(groupId))
    throw badRequest("validation.failed", { group: "group.outOfScope" });
}

/** An id of a route not yet on its contract (the contract's `idParam` does this for the others). */
export function parseId(value: unknown): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw notFound();
  return id;
}

/** A row just written and read back; gone only if another request deleted it in between. */
export function found<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

/** Publishes one live message for an item to the company's channel, through `live`. */
export function publish(
  ctx: { live: LiveState },
  scope: CompanyScope,
  itemType: 0 | 1 | 2 | 3,
  itemId: number,
  groupId: number | null,
  message: ServerMessage,
): void {
  ctx.live.publish(scope.companyId, [{ itemType, itemId, groupId, message }]);
}

/** Maps a unique violation on a known index to the field error the forms show. */
export function uniqueField(error: unknown, index: string, field: string, message: string): never {
  if (
    error instanceof Error &&
    "constraint" in error &&
    (error as { constraint?: string }).constraint === index
  )
    throw new ApiError(409, `${message} (${index})`, { [field]: message });
  throw error;
}
