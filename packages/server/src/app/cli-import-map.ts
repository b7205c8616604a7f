import { readConfig } from "../kernel/config.ts";
import { importMapArchive } from "../map-tiles/index.ts";

const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(1);

/**
 * `vigia import-map FILE.pmtiles`: the region's vector map into the data directory, where the server serves it
 * as the base map (a running server offers it at once). MAP_PMTILES, when set, is served instead.
 */
export async function importMapCommand(args: string[]): Promise<void> {
  const [path] = args;
  if (!path) throw new Error("usage: vigia import-map FILE.pmtiles");
  const config = readConfig();
  const target = config.mapImportedArchive;
  if (!target) throw new Error("import-map needs a data directory (VIGIA_DATA_DIR is 'memory')");
  const summary = await importMapArchive(path, target, (p) => {
    const pct = p.size > 0 ? ((100 * p.copied) / p.size).toFixed(1) : "100";
    process.stderr.write(`\r${pct}% ${mb(p.copied)}/${mb(p.size)} MB`);
  });
  process.stderr.write("\n");
  const what = `${summary.tileType} tiles, zoom ${summary.minZoom}–${summary.maxZoom}, ${summary.tiles} tiles`;
  if (summary.alreadyDone) console.log(`${path} is the base map already (${what}); nothing to do`);
  else
    console.log(
      `${path} is the base map now: ${target} (${what})` +
        (summary.resumedAt > 0 ? `, resumed after ${mb(summary.resumedAt)} MB` : ""),
    );
  if (config.mapPmtiles !== target)
    console.log(`note: MAP_PMTILES is set (${config.mapPmtiles}); the server serves that archive instead`);
}
