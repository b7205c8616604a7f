import { DAY_MS, ITEM_TYPE } from "@vigia/domain";
import { localDayOf, readCompanyTimeZone, rebuildDerived } from "../derived/index.ts";
import { type PartitionManager, POSITION_JSON_INSERT } from "../ingest/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { demoStartCounters, historyWithCounters } from "./counters.ts";
import { type HistoryFix, seededRandom, vehicleDay } from "./history-plan.ts";

/** Marks a database whose demo history was generated, so a restart does not generate it again. */
const DONE_KEY = "demo_history";
/** Positions per insert: small enough that API queries interleave with the bulk load on PGlite's one session. */
const CHUNK = 4000;

export interface DemoHistory {
  /** Resolves when the history is complete (or was already there, or stopped). */
  done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Fills `days` days of history for the demo companies' vehicles in the background, at first start: positions
 * generated in bulk (history-plan.ts) and written straight to their partitions, then the derived rows rebuilt from
 * them for the period (the same code as `vigia rebuild-derived`). The platform answers meanwhile; a progress line
 * goes to the log. History ends at today's local midnight: today belongs to the live simulation.
 */
export function startDemoHistory(
  ctx: Pick<KernelContext, "db" | "clock" | "log">,
  partitions: PartitionManager,
  days: number,
): DemoHistory {
  let stopped = false;
  const done = generate(ctx, partitions, days, () => stopped).catch((err: unknown) =>
    ctx.log.warn({ err }, "demo history could not be generated"),
  );
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

async function generate(
  ctx: Pick<KernelContext, "db" | "clock" | "log">,
  partitions: PartitionManager,
  days: number,
  stopped: () => boolean,
): Promise<void> {
  const { db, log } = ctx;
  const marker = await db.query("select 1 from settings where key = $1", [DONE_KEY]);
  if (marker.length > 0) return;
  const companies = await db.query<{ id: number; centre: { lat: number; lng: number } }>(
    "select id, centre from companies where demo and centre is not null order by id",
  );
  const vehicles = await db.query<{ company_id: number; id: number; item_id: number }>(
    `select d.company_id, d.id, d.item_id from devices d join companies c on c.id = d.company_id
     where c.demo and c.centre is not null and d.item_type = ${ITEM_TYPE.vehicle} and d.item_id is not null order by d.company_id, d.id`,
  );
  if (vehicles.length === 0) return;
  const started = performance.now();
  let positions = 0;
  let done = 0;
  for (const company of companies) {
    const timeZone = await readCompanyTimeZone(db, company.id);
    const to = localDayOf(ctx.clock.now(), timeZone).startTs;
    const from = localDayOf(to - days * DAY_MS + 12 * 3_600_000, timeZone).startTs;
    for (const v of vehicles.filter((x) => x.company_id === company.id)) {
      if (stopped()) return;
      const random = seededRandom(v.id * 7919);
      const at = {
        lat: company.centre.lat + (random() - 0.5) * 0.05,
        lng: company.centre.lng + (random() - 0.5) * 0.05,
      };
      const fixes: HistoryFix[] = [];
      for (let dayStart = from; dayStart < to; ) {
        const local = localDayOf(dayStart + 12 * 3_600_000, timeZone);
        const [y, m, d] = local.day.split("-").map(Number);
        const weekday = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
        for (const f of vehicleDay(local.startTs, weekday, company.centre, at, random))
          if (f.ts < to) fixes.push(f);
        dayStart = local.endTs;
      }
      // The history ends where the live simulation of the same device starts (demo/simulation.ts).
      const counted = historyWithCounters(fixes, demoStartCounters(v.id), company.centre);
      await insertFixes(ctx, partitions, company.id, v, counted, stopped);
      positions += fixes.length;
      done += 1;
      if (done % 5 === 0 || done === vehicles.length)
        log.info(`demo history: positions ${done}/${vehicles.length} vehicles, ${positions} positions`);
    }
    if (stopped()) return;
    await rebuildDerived(ctx, partitions, {
      companyId: company.id,
      from,
      to,
      keepState: false,
      progress: (n, total) => {
        if (n === total) log.info(`demo history: derived rows of company ${company.id} (${total} items)`);
      },
    });
  }
  await db.query(
    "insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = $2",
    [DONE_KEY, { days, positions }],
  );
  log.info(
    `demo history: ${days} days, ${positions} positions in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}

async function insertFixes(
  ctx: Pick<KernelContext, "db">,
  partitions: PartitionManager,
  companyId: number,
  device: { id: number; item_id: number },
  fixes: (HistoryFix & { alt: number })[],
  stopped: () => boolean,
): Promise<void> {
  const days = new Set(fixes.map((f) => Math.floor(f.ts / DAY_MS)));
  for (const day of days) await partitions.ensure(ctx.db, companyId, day * DAY_MS);
  for (let i = 0; i < fixes.length; i += CHUNK) {
    if (stopped()) return;
    const rows = fixes.slice(i, i + CHUNK).map((f) => ({
      c: companyId,
      d: device.id,
      it: 1,
      ii: device.item_id,
      ts: f.ts,
      rt: f.ts,
      lat: f.lat,
      lng: f.lng,
      alt: f.alt,
      spd: f.spd,
      co: f.course,
      sa: 9,
      va: true,
      sr: 1,
      at: f.attributes,
    }));
    await ctx.db.query(POSITION_JSON_INSERT, [JSON.stringify(rows)]);
    // Let requests waiting for the database go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
