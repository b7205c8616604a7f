import type { LiveItemState } from "@vigia/domain";
import type { Clock } from "../kernel/config.ts";
import type { Database } from "../kernel/db/database.ts";
import { type EngineItem, newEngineItem } from "./state-engine.ts";

/**
 * An item's key: a number (ids are 32-bit, types below 4), so applying a position builds no string to find its
 * item.
 */
const key = (itemType: number, itemId: number): number => itemType * 2 ** 32 + itemId;

interface StoredState {
  state: LiveItemState;
  travelledM: number;
  lastFix: EngineItem["lastFix"];
  lastTs: number | null;
}

/**
 * Live state of every item, in memory, snapshotted to item_state. Loaded once at start so that
 * motion, odometers and timers continue where they were after a restart.
 */
export class LiveStore {
  private readonly items = new Map<number, EngineItem>();
  private readonly companyByItem = new Map<number, number>();
  private readonly dirty = new Set<number>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db.query<{
      item_type: number;
      item_id: number;
      company_id: number;
      state: StoredState;
    }>("select item_type, item_id, company_id, state from item_state");
    for (const row of rows) {
      const k = key(row.item_type, row.item_id);
      this.items.set(k, {
        // Snapshots written before the offline flag existed lack it.
        state: { ...row.state.state, offline: row.state.state.offline ?? false },
        travelledM: row.state.travelledM,
        lastFix: row.state.lastFix,
        lastTs: row.state.lastTs,
      });
      this.companyByItem.set(k, row.company_id);
    }
  }

  /** Replaces one company's items by what item_state holds (a replica's read; nothing becomes dirty). */
  async loadCompany(companyId: number): Promise<void> {
    const rows = await this.db.query<{ item_type: number; item_id: number; state: StoredState }>(
      "select item_type, item_id, state from item_state where company_id = $1",
      [companyId],
    );
    for (const [k, c] of this.companyByItem)
      if (c === companyId) {
        this.items.delete(k);
        this.dirty.delete(k);
      }
    for (const row of rows) {
      const k = key(row.item_type, row.item_id);
      this.items.set(k, {
        state: row.state.state,
        travelledM: row.state.travelledM,
        lastFix: row.state.lastFix,
        lastTs: row.state.lastTs,
      });
      this.companyByItem.set(k, companyId);
    }
  }

  /** Replaces the named items by what item_state holds (another node owned them until now). */
  async loadItems(items: readonly { itemType: number; itemId: number }[]): Promise<void> {
    if (items.length === 0) return;
    const rows = await this.db.query<{
      item_type: number;
      item_id: number;
      company_id: number;
      state: StoredState;
    }>(
      `select s.item_type, s.item_id, s.company_id, s.state from item_state s
       join jsonb_to_recordset($1::jsonb) as r(t smallint, i int) on s.item_type = r.t and s.item_id = r.i`,
      [JSON.stringify(items.map((i) => ({ t: i.itemType, i: i.itemId })))],
    );
    for (const row of rows) {
      const k = key(row.item_type, row.item_id);
      this.items.set(k, {
        state: row.state.state,
        travelledM: row.state.travelledM,
        lastFix: row.state.lastFix,
        lastTs: row.state.lastTs,
      });
      this.companyByItem.set(k, row.company_id);
      this.dirty.delete(k);
    }
  }

  get(itemType: number, itemId: number): EngineItem | undefined {
    return this.items.get(key(itemType, itemId));
  }

  getOrCreate(companyId: number, itemType: 1 | 2 | 3, itemId: number, groupId: number | null): EngineItem {
    const k = key(itemType, itemId);
    let item = this.items.get(k);
    if (!item) {
      item = newEngineItem({ itemType, id: itemId, groupId });
      this.items.set(k, item);
      this.companyByItem.set(k, companyId);
    } else if (item.state.groupId !== groupId) {
      item = { ...item, state: { ...item.state, groupId } };
      this.items.set(k, item);
    }
    return item;
  }

  set(companyId: number, item: EngineItem): void {
    const k = key(item.state.itemType, item.state.id);
    this.items.set(k, item);
    this.companyByItem.set(k, companyId);
    this.dirty.add(k);
  }

  companyOf(itemType: number, itemId: number): number | undefined {
    return this.companyByItem.get(key(itemType, itemId));
  }

  /** Every item of a company, for bindCompany's snapshot. */
  companyItems(companyId: number): LiveItemState[] {
    const out: LiveItemState[] = [];
    for (const [k, item] of this.items) if (this.companyByItem.get(k) === companyId) out.push(item.state);
    return out;
  }

  /** Every item with its company, for sweeps over all live state. */
  *entries(): IterableIterator<{ companyId: number; item: EngineItem }> {
    for (const [k, item] of this.items) {
      const companyId = this.companyByItem.get(k);
      if (companyId !== undefined) yield { companyId, item };
    }
  }

  forget(itemType: number, itemId: number): void {
    const k = key(itemType, itemId);
    this.items.delete(k);
    this.companyByItem.delete(k);
    this.dirty.delete(k);
  }

  /**
   * Writes changed items to item_state. In chunks, so that position batches waiting for the database
   * get their turn between them instead of stalling behind one large statement.
   */
  async snapshot(chunkSize = 500): Promise<number> {
    if (this.dirty.size === 0) return 0;
    const rows: { t: number; i: number; c: number; s: StoredState }[] = [];
    for (const k of this.dirty) {
      const item = this.items.get(k);
      const companyId = this.companyByItem.get(k);
      if (!item || companyId === undefined) continue;
      const stored: StoredState = {
        state: item.state,
        travelledM: item.travelledM,
        lastFix: item.lastFix,
        lastTs: item.lastTs,
      };
      rows.push({ t: item.state.itemType, i: item.state.id, c: companyId, s: stored });
    }
    this.dirty.clear();
    for (let start = 0; start < rows.length; start += chunkSize) {
      await this.db.query(
        `insert into item_state (item_type, item_id, company_id, state, updated_ts)
         select r.t, r.i, r.c, r.s, $2 from jsonb_to_recordset($1::jsonb) as r(t smallint, i int, c int, s jsonb)
         where exists (select 1 from companies where id = r.c)
         on conflict (item_type, item_id) do update set state = excluded.state, company_id = excluded.company_id,
           updated_ts = excluded.updated_ts`,
        [JSON.stringify(rows.slice(start, start + chunkSize)), this.clock.now()],
      );
    }
    return rows.length;
  }
}
