import { importCells } from "../cells/index.ts";
import { readConfig, systemClock } from "../kernel/config.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";

const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(1);

/** `vigia import-cells FILE.csv[.gz]`: the OpenCellID-format cell table into the database, with a progress line. */
export async function importCellsCommand(args: string[]): Promise<void> {
  const [path] = args;
  if (!path) throw new Error("usage: vigia import-cells FILE.csv[.gz]");
  const db = await openDatabase(readConfig());
  try {
    await migrate(db);
    const summary = await importCells(
      db,
      path,
      () => systemClock.now(),
      (p) => {
        const pct = p.size > 0 ? Math.min(100, (100 * p.bytesRead) / p.size).toFixed(1) : "100";
        process.stderr.write(
          `\r${pct}% ${mb(p.bytesRead)}/${mb(p.size)} MB, ${p.lines} lines, ${p.imported} cells, ${p.errors} bad rows`,
        );
      },
    );
    process.stderr.write("\n");
    if (summary.alreadyDone)
      console.log(`${path} was imported before (${summary.imported} cells); nothing to do`);
    else
      console.log(
        `imported ${summary.imported} cells from ${summary.lines} lines` +
          (summary.resumedAt > 0 ? ` (resumed after line ${summary.resumedAt})` : "") +
          `, ${summary.errors} bad rows`,
      );
    for (const sample of summary.errorSamples) console.log(`  ${sample}`);
  } finally {
    await db.close();
  }
}
