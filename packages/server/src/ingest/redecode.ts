import { type DecodedPosition, type ProtocolName, protocols, stampReceptionTime } from "@vigia/protocols";
import type { Clock } from "../kernel/config.ts";
import type { Database } from "../kernel/db/database.ts";
import { type CandidateRow, commitPositions } from "./commit.ts";
import { markChangedDays } from "./day-changes.ts";
import type { PartitionManager } from "./partitions.ts";
import { DeviceRegistry } from "./registry.ts";

export type Redecoded = { ok: true; positions: DecodedPosition[] } | { ok: false; reason: string };

const isProtocol = (name: string): name is ProtocolName => Object.hasOwn(protocols, name);

/**
 * Decodes a quarantined frame again with the current decoders (pure): its positions when every part of it is now
 * read, else why not. The frame is read as a connection would read it, without a log-in before it (the device's
 * identity is the quarantine row's).
 */
export function redecodeFrame(protocol: string, format: "hex" | "text", data: string): Redecoded {
  if (!isProtocol(protocol)) return { ok: false, reason: `unknown protocol ${protocol}` };
  const entry = protocols[protocol];
  if (entry.transport !== "tcp") return { ok: false, reason: `${protocol} frames are not kept for decoding` };
  const bytes = format === "hex" ? Buffer.from(data, "hex") : Buffer.from(data, "utf8");
  const session = entry.createSession({ allowAnonymous: true });
  const first = session.push(bytes);
  const last = first.error === null ? session.end() : { messages: [], error: null };
  const error = first.error ?? last.error;
  if (error !== null) return { ok: false, reason: error };
  const messages = [...first.messages, ...last.messages];
  const left = messages.find((m) => m.undecoded !== undefined)?.undecoded;
  if (left) return { ok: false, reason: left.reason };
  return { ok: true, positions: messages.flatMap((m) => m.positions) };
}

export interface RedecodeSummary {
  /** Undecoded frames looked at. */
  examined: number;
  /** Frames now read whole: their positions committed, their quarantine rows removed. */
  restored: number;
  /** Positions those frames gave (stored, or quarantined for their own reason: time, coordinates). */
  positions: number;
  /** Frames still not read whole, or whose device no longer exists: left in the quarantine. */
  left: number;
}

const PAGE = 200;

/**
 * `vigia quarantine redecode`: every `undecoded` frame is decoded again; one now read whole gives its positions
 * back (through the ingest's commit, so the usual checks and duplicate handling apply) and leaves the quarantine.
 * Running it again finds only what is still undecodable, and a position already stored is not stored twice.
 */
export async function redecodeQuarantine(
  db: Database,
  clock: Clock,
  partitions: PartitionManager,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<RedecodeSummary> {
  const registry = new DeviceRegistry(db, clock);
  const [count] = await db.query<{ n: number }>(
    "select count(*)::int as n from ingest_quarantine where reason = 'undecoded' and raw is not null",
  );
  const total = count?.n ?? 0;
  const summary: RedecodeSummary = { examined: 0, restored: 0, positions: 0, left: 0 };
  let after = 0;
  for (;;) {
    const rows = await db.query<{
      id: number;
      imei: string;
      protocol: string;
      raw_format: "hex" | "text";
      raw: string;
      received_ts: number;
    }>(
      `select id::float8 as id, imei, protocol, raw_format, raw, received_ts::float8 as received_ts
       from ingest_quarantine where reason = 'undecoded' and raw is not null and id > $1 order by id limit $2`,
      [after, PAGE],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      summary.examined += 1;
      const decoded = redecodeFrame(row.protocol, row.raw_format, row.raw);
      const binding = decoded.ok ? await registry.lookup(row.imei) : null;
      if (!decoded.ok || binding === null) {
        summary.left += 1;
      } else {
        // A record without a device time takes the frame's original reception time, as it would have then.
        const positions = stampReceptionTime(decoded.positions, row.received_ts);
        const candidates: CandidateRow[] = positions.map((position) => ({
          binding,
          position,
          receivedTs: row.received_ts,
          protocol: row.protocol,
          raw: row.raw_format === "hex" ? Buffer.from(row.raw, "hex") : row.raw,
        }));
        const now = clock.now();
        const outcome = await commitPositions(db, partitions, candidates, now);
        await markChangedDays(
          db,
          outcome.committed.flatMap(({ position }) =>
            binding.companyId === null ? [] : [{ companyId: binding.companyId, ts: position.ts }],
          ),
          now,
        );
        await db.query("delete from ingest_quarantine where id = $1", [row.id]);
        summary.restored += 1;
        summary.positions += candidates.length;
      }
      progress(summary.examined, total);
    }
  }
  return summary;
}
