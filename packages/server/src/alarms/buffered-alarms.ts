import { itemPositions } from "../derived/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { AppliedPosition } from "../live/index.ts";
import {
  type BufferedItem,
  type BufferedRun,
  bufferedStart,
  newBufferedRun,
  stepBuffered,
} from "./engine/buffered.ts";
import type { CompanySetup, EngineOutput } from "./engine/engine.ts";

/** Items whose run is kept; the least recently used beyond it start again from the lookback when they need one. */
const MAX_RUNS = 5_000;

/**
 * The I/O shell of alarms on buffered data: per item, the applied records that are buffered are judged in
 * device-time order from the item's stored positions (the positions the derivation replays too), going on from
 * the item's run while the records come after it, and starting again from the lookback before them when they
 * fall behind it (a backlog split in chunks around live fixes, or sent twice). Runs live in memory; after a
 * restart the first batch starts from the lookback.
 */
export class BufferedAlarms {
  private readonly runs = new Map<string, BufferedRun>();

  constructor(private readonly db: Queryable) {}

  /** Forgets the company's runs (its rules or places changed); the next batch starts from the lookback. */
  forget(companyId: number): void {
    for (const key of this.runs.keys()) if (key.startsWith(`${companyId}:`)) this.runs.delete(key);
  }

  async evaluate(companyId: number, setup: CompanySetup, buffered: AppliedPosition[]): Promise<EngineOutput> {
    const out: EngineOutput = { fires: [], cleared: [] };
    if (setup.rules.length === 0) return out;
    const byItem = new Map<string, AppliedPosition[]>();
    for (const a of buffered) {
      const key = `${companyId}:${a.itemType}:${a.itemId}`;
      const list = byItem.get(key);
      if (list) list.push(a);
      else byItem.set(key, [a]);
    }
    for (const [key, list] of byItem) {
      const [first] = list;
      if (!first) continue;
      const item: BufferedItem = {
        companyId,
        itemType: first.itemType,
        itemId: first.itemId,
        groupId: first.binding.groupId,
        odometer: first.binding,
      };
      const judged = new Set(list.map((a) => a.position.ts));
      // A loop, not a spread: a day's backlog at 1 Hz is more arguments than a call takes.
      let oldest = Number.POSITIVE_INFINITY;
      let newest = Number.NEGATIVE_INFINITY;
      for (const ts of judged) {
        if (ts < oldest) oldest = ts;
        if (ts > newest) newest = ts;
      }
      const known = this.runs.get(key) ?? null;
      const start = bufferedStart(known, setup, oldest);
      const run = start.fresh || !known ? newBufferedRun(setup, item) : known;
      // The places as they are now (a run kept from an earlier batch was set up with the ones of then).
      run.engine.setZones(companyId, setup.zones);
      run.engine.setBeaconZones(companyId, setup.beaconZones);
      // Again from the lookback: up to where the run had gone, so it goes on from there afterwards.
      const to = Math.max(newest, known?.lastTs ?? newest);
      for await (const chunk of itemPositions(this.db, companyId, item, start.from, to + 1)) {
        const r = stepBuffered(run, item, chunk, judged);
        out.fires.push(...r.fires);
        if (r.updates) out.updates = [...(out.updates ?? []), ...r.updates];
      }
      this.runs.delete(key);
      this.runs.set(key, run);
      if (this.runs.size > MAX_RUNS) {
        const oldest = this.runs.keys().next().value;
        if (oldest !== undefined) this.runs.delete(oldest);
      }
    }
    return out;
  }
}
