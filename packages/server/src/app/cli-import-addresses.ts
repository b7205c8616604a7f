import { importAddresses } from "../geocoding/index.ts";
import { readConfig, systemClock } from "../kernel/config.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";

const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(1);
const PHASES = { ways: "1/3 ways", nodes: "2/3 nodes", streets: "3/3 streets" } as const;

/**
 * `vigia import-addresses FILE.osm.pbf`: the streets and house numbers of an OpenStreetMap extract into the
 * database, with a progress line. A running server sees them on its next lookup.
 */
export async function importAddressesCommand(args: string[]): Promise<void> {
  const [path] = args;
  if (!path) throw new Error("usage: vigia import-addresses FILE.osm.pbf");
  const db = await openDatabase(readConfig());
  try {
    await migrate(db);
    const summary = await importAddresses(
      db,
      path,
      () => systemClock.now(),
      (p) => {
        const pct = p.size > 0 ? Math.min(100, (100 * p.bytesRead) / p.size).toFixed(1) : "100";
        const read = p.phase === "streets" ? "" : ` ${pct}% ${mb(p.bytesRead)}/${mb(p.size)} MB,`;
        process.stderr.write(`\r${PHASES[p.phase]}:${read} ${p.streets} streets, ${p.points} addresses   `);
      },
    );
    process.stderr.write("\n");
    if (summary.alreadyDone)
      console.log(
        `${path} was imported before (${summary.streets} streets, ${summary.points} addresses); nothing to do`,
      );
    else
      console.log(
        `imported ${summary.streets} streets and ${summary.points} addresses` +
          (summary.resumedAt > 0 ? ` (resumed after ${summary.resumedAt} features)` : ""),
      );
  } finally {
    await db.close();
  }
}
