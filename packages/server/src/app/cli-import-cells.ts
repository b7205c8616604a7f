import { importCells, importWifi } from "../cells/index.ts";
import { readConfig, systemClock } from "../kernel/config.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";

const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(1);

/**
 * `vigia import-cells FILE.csv[.gz]` (an OpenCellID-format cell table) and `vigia import-wifi FILE.csv[.gz]` (a
 * BSSID table) into the database, with a progress line.
 */
export async function importCellsCommand(args: string[], table: "cells" | "wifi" = "cells"): Promise<void> {
  const [path] = args;
  if (!path) throw new Error(`usage: vigia import-${table} FILE.csv[.gz]`);
  const what = table === "cells" ? "cells" : "access points";
  const run = table === "cells" ? importCells : importWifi;
  const db = await openDatabase(readConfig());
  try {
    await migrate(db);
    const summary = await run(
      db,
      path,
      () => systemClock.now(),
      (p) => {
        const pct = p.size > 0 ? Math.min(100, (100 * p.bytesRead) / p.size).toFixed(1) : "100";
        process.stderr.write(
          `\r${pct}% ${mb(p.bytesRead)}/${mb(p.size)} MB, ${p.lines} lines, ${p.imported} ${what}, ${p.errors} bad rows`,
        );
      },
    );
    process.stderr.write("\n");
    if (summary.alreadyDone)
      console.log(`${path} was imported before (${summary.imported} ${what}); nothing to do`);
    else
      console.log(
        `imported ${summary.imported} ${what} from ${summary.lines} lines` +
          (summary.resumedAt > 0 ? ` (resumed after line ${summary.resumedAt})` : "") +
          `, ${summary.errors} bad rows`,
      );
    for (const sample of summary.errorSamples) console.log(`  ${sample}`);
  } finally {
    await db.close();
  }
}
