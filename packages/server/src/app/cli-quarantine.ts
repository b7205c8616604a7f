import { parseArgs } from "node:util";
import { quarantineReasonSchema } from "@vigia/domain";
import cliProgress from "cli-progress";
import { PartitionManager, redecodeQuarantine } from "../ingest/index.ts";
import { readConfig, systemClock } from "../kernel/config.ts";
import { migrate } from "../kernel/db/migrate.ts";
import { openDatabase } from "../kernel/db/open.ts";

const USAGE = `usage: vigia quarantine [--reason R] [--imei I] [--limit N]   list kept-apart frames, newest first
       vigia quarantine redecode                               decode 'undecoded' frames again, restore positions`;

/**
 * `vigia quarantine`: the frames and positions the ingest kept apart (newest first: time, device, protocol, reason,
 * the decoder's or database's error, frame size). `vigia quarantine redecode`: after an upgrade, decodes the
 * `undecoded` frames again and gives back the positions of those now read whole (idempotent).
 */
export async function quarantineCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { reason: { type: "string" }, imei: { type: "string" }, limit: { type: "string" } },
  });
  const action = positionals[0];
  if (action !== undefined && action !== "redecode") throw new Error(USAGE);
  const reason = values.reason === undefined ? null : quarantineReasonSchema.safeParse(values.reason);
  if (reason && !reason.success)
    throw new Error(`--reason must be one of ${quarantineReasonSchema.options.join(", ")}`);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error("--limit must be 1 to 10000");
  const db = await openDatabase(readConfig());
  try {
    await migrate(db);
    if (action === "redecode") {
      const bar = new cliProgress.SingleBar(
        { format: "redecode [{bar}] {value}/{total} frames", hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(1, 0);
      const summary = await redecodeQuarantine(db, systemClock, new PartitionManager(), (done, total) => {
        bar.setTotal(Math.max(1, total));
        bar.update(done);
      });
      bar.stop();
      console.log(
        `${summary.examined} undecoded frames examined: ${summary.restored} restored (${summary.positions} positions), ${summary.left} left in the quarantine`,
      );
      return;
    }
    const rows = await db.query<{
      id: number;
      received_ts: number;
      imei: string;
      protocol: string;
      reason: string;
      error: string;
      bytes: number | null;
    }>(
      `select id::float8 as id, received_ts::float8 as received_ts, imei, protocol, reason, error,
         case when raw is null then null when raw_format = 'hex' then length(raw) / 2 else octet_length(raw) end
           as bytes
       from ingest_quarantine where ($1::text is null or reason = $1) and ($2::text is null or imei = $2)
       order by received_ts desc, id desc limit $3`,
      [reason?.data ?? null, values.imei ?? null, limit],
    );
    for (const r of rows)
      console.log(
        [
          r.id,
          new Date(r.received_ts).toISOString(),
          r.imei,
          r.protocol,
          r.reason,
          r.bytes === null ? "-" : `${r.bytes} B`,
          r.error,
        ].join("\t"),
      );
    console.log(`${rows.length} rows`);
  } finally {
    await db.close();
  }
}
