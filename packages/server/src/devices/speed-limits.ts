import { deviceConfigSchema } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * Each item's own speed limit: the one set in the configuration of the tracker fitted to it (the limit the
 * device itself reports overspeeds at), keyed "itemType:itemId". Items without a device, or whose device has
 * no usable limit (missing, not a number, 0 or less), are absent; with several devices the lowest holds.
 */
export async function itemSpeedLimits(db: Queryable, companyId: number): Promise<Map<string, number>> {
  const rows = await db.query<{ itemType: number; itemId: number; config: unknown }>(
    `select item_type as "itemType", item_id as "itemId", config from devices
     where company_id = $1 and item_id is not null and item_type > 0 and config->>'speedLimit' is not null`,
    [companyId],
  );
  const out = new Map<string, number>();
  for (const row of rows) {
    const config = deviceConfigSchema.safeParse(row.config);
    if (!config.success) continue;
    const limit = Number(config.data.speedLimit);
    if (!Number.isFinite(limit) || limit <= 0) continue;
    const key = `${row.itemType}:${row.itemId}`;
    out.set(key, Math.min(limit, out.get(key) ?? limit));
  }
  return out;
}
