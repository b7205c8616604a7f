import { partitionOf } from "../ingest/index.ts";
import type { Queryable } from "../kernel/db/database.ts";

export interface ItemRef {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
}

/**
 * Which items each ingest partition carries (through their devices' identifiers), for a cluster processor: the
 * items it takes over when it claims a partition, and the items whose timers it evaluates. Read from the devices
 * table, again on every claim and at least once a minute.
 */
export class ItemPartitions {
  private byItem = new Map<string, { ref: ItemRef; partition: number }>();
  private loadedAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly partitions: number,
  ) {}

  async refresh(now: number): Promise<void> {
    const rows = await this.db.query<{
      device_id: string;
      company_id: number;
      item_type: 1 | 2 | 3;
      item_id: number;
    }>(
      `select device_id, company_id, item_type, item_id from devices
       where item_id is not null and item_type between 1 and 3 and company_id is not null`,
    );
    const next = new Map<string, { ref: ItemRef; partition: number }>();
    for (const r of rows)
      next.set(`${r.item_type}:${r.item_id}`, {
        ref: { companyId: r.company_id, itemType: r.item_type, itemId: r.item_id },
        partition: partitionOf(r.device_id, this.partitions),
      });
    this.byItem = next;
    this.loadedAt = now;
  }

  async refreshIfOlder(now: number, maxAgeMs: number): Promise<void> {
    if (now - this.loadedAt > maxAgeMs) await this.refresh(now);
  }

  itemsOf(partition: number): ItemRef[] {
    return [...this.byItem.values()].filter((e) => e.partition === partition).map((e) => e.ref);
  }

  partitionOfItem(itemType: number, itemId: number): number | undefined {
    return this.byItem.get(`${itemType}:${itemId}`)?.partition;
  }
}
