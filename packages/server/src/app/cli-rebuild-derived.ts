import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { localMidnight, readCompanyTimeZone, rebuildDerived, rederiveStoredItem } from "../derived/index.ts";
import { PartitionManager } from "../ingest/index.ts";
import { readConfig, systemClock } from "../kernel/config.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date (YYYY-MM-DD, a local day of the company's time zone; `end`: the day is included) or an ISO instant. */
export function parseBound(value: string, timeZone: string, end: boolean): number {
  const day = DATE.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3]) + (end ? 1 : 0)];
    const date = new Date(Date.UTC(y, m - 1, d));
    return localMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);
  }
  const ts = Date.parse(value);
  if (!Number.isFinite(ts)) throw new Error(`not a date: ${value} (use YYYY-MM-DD or an ISO time)`);
  return ts;
}

/** `TYPE:ID` of an item (1 vehicle, 2 asset, 3 person). */
export function parseItem(value: string): { itemType: 1 | 2 | 3; itemId: number } {
  const match = /^([123]):(\d+)$/.exec(value);
  if (!match) throw new Error(`not an item: ${value} (use TYPE:ID, type 1 vehicle, 2 asset, 3 person)`);
  return { itemType: Number(match[1]) as 1 | 2 | 3, itemId: Number(match[2]) };
}

/**
 * `vigia rebuild-derived --company N --from DATE --to DATE`: derives the company's trips, stops, idles, visits,
 * driving events and days for the period again from its stored positions and replaces what was there (running it
 * twice gives the same rows). Dates are local days of the company's time zone, both included.
 *
 * `--item TYPE:ID` (1 vehicle, 2 asset, 3 person) re-derives that one item the way a late position does: from the
 * checkpoint before `--from` up to its newest position (`--to` is then not needed).
 */
export async function rebuildDerivedCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      company: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      item: { type: "string" },
    },
  });
  const companyId = Number(values.company);
  const item = values.item === undefined ? null : parseItem(values.item);
  if (!Number.isInteger(companyId) || companyId <= 0 || !values.from || (!values.to && item === null))
    throw new Error(
      "usage: vigia rebuild-derived --company <id> --from <YYYY-MM-DD> (--to <YYYY-MM-DD> | --item <type>:<id>)",
    );
  const db = await openDatabase(readConfig());
  try {
    await migrate(db);
    const exists = await db.query("select 1 from companies where id = $1", [companyId]);
    if (exists.length === 0) throw new Error(`no company ${companyId}`);
    const timeZone = await readCompanyTimeZone(db, companyId);
    const from = parseBound(values.from, timeZone, false);
    if (item !== null) {
      const started = Date.now();
      console.log(
        `re-deriving item ${item.itemType}:${item.itemId} of company ${companyId} from ${values.from}…`,
      );
      const done = await rederiveStoredItem(
        { db, clock: systemClock },
        new PartitionManager(),
        companyId,
        item,
        from,
      );
      console.log(
        `re-derived item ${item.itemType}:${item.itemId}: ${done.positions} positions in ${Date.now() - started} ms`,
      );
      return;
    }
    const to = parseBound(values.to ?? "", timeZone, true);
    if (to <= from) throw new Error("--to must not be before --from");
    const bar = new cliProgress.SingleBar(
      {
        format: "rebuild-derived [{bar}] {percentage}% | {value}/{total} items | {positions} positions",
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(1, 0, { positions: 0 });
    const summary = await rebuildDerived({ db, clock: systemClock }, new PartitionManager(), {
      companyId,
      from,
      to,
      progress: (done, total, positions) => {
        bar.setTotal(Math.max(1, total));
        bar.update(done, { positions });
      },
    });
    bar.stop();
    console.log(
      `rebuilt derived history of company ${companyId} from ${new Date(from).toISOString()} to ${new Date(to).toISOString()} ` +
        `(${timeZone}): ${summary.items} items, ${summary.positions} positions`,
    );
  } finally {
    await db.close();
  }
}
