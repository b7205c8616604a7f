import type { Queryable } from "../kernel/db/database.ts";
import {
  cellKey,
  type KnownLookup,
  type KnownPlace,
  type SeenAp,
  type SeenCell,
  usableAp,
  usableCell,
} from "./resolve.ts";

/** Range given to an AP learned from a GPS fix: the fix was somewhere within Wi-Fi reach of it. */
export const LEARNED_WIFI_RANGE = 100;
/** Learned positions average at most this many fixes, so an AP that moved follows its new place. */
const MAX_LEARN_SAMPLES = 50;
/** Most towers or APs looked up for one frame (a hostile frame may list many). */
const MAX_LOOKUP = 32;

/**
 * What the tables know about the towers and APs a frame carries: the cell table, the company's learned APs and
 * the global AP table (the company's own take precedence). Two or three indexed queries per frame.
 */
export async function knownPlaces(
  db: Queryable,
  companyId: number | null,
  seen: { cells: readonly SeenCell[]; wifi: readonly SeenAp[] },
): Promise<KnownLookup> {
  const cells = new Map<string, KnownPlace>();
  const wifi = new Map<string, KnownPlace>();
  const towers = seen.cells.filter(usableCell).slice(0, MAX_LOOKUP);
  if (towers.length > 0) {
    const rows = await db.query<{ mcc: number; mnc: number; lac: number; cid: string | number } & KnownPlace>(
      `select t.mcc, t.mnc, t.lac, t.cid, t.lat, t.lng, t.range from cell_towers t
       join jsonb_to_recordset($1::jsonb) as r(mcc int, mnc int, lac int, cid bigint)
         on t.mcc = r.mcc and t.mnc = r.mnc and t.lac = r.lac and t.cid = r.cid`,
      [JSON.stringify(towers.map(({ mcc, mnc, lac, cid }) => ({ mcc, mnc, lac, cid })))],
    );
    for (const r of rows)
      cells.set(cellKey({ mcc: r.mcc, mnc: r.mnc, lac: r.lac, cid: Number(r.cid) }), {
        lat: r.lat,
        lng: r.lng,
        range: r.range,
      });
  }
  const macs = [...new Set(seen.wifi.filter(usableAp).map((a) => a.mac))].slice(0, MAX_LOOKUP);
  if (macs.length > 0) {
    const global = await db.query<{ mac: string } & KnownPlace>(
      "select mac, lat, lng, range from wifi_aps where mac = any($1::text[])",
      [macs],
    );
    for (const r of global) wifi.set(r.mac, { lat: r.lat, lng: r.lng, range: r.range });
    if (companyId !== null) {
      const own = await db.query<{ mac: string } & KnownPlace>(
        "select mac, lat, lng, range from company_wifi_aps where company_id = $1 and mac = any($2::text[])",
        [companyId, macs],
      );
      for (const r of own) wifi.set(r.mac, { lat: r.lat, lng: r.lng, range: r.range });
    }
  }
  return { cells, wifi };
}

/**
 * Remembers the APs a device saw next to a good GPS fix, for its company: a running mean of the fixes (capped, so
 * a moved AP follows), never shared with other companies.
 */
export async function learnWifi(
  db: Queryable,
  companyId: number,
  fix: { lat: number; lng: number },
  aps: readonly SeenAp[],
  now: number,
): Promise<void> {
  const macs = [...new Set(aps.filter(usableAp).map((a) => a.mac))].slice(0, MAX_LOOKUP);
  if (macs.length === 0) return;
  await db.query(
    `insert into company_wifi_aps as w (company_id, mac, lat, lng, range, samples, seen_ts)
     select $1, m, $3, $4, $5, 1, $6 from unnest($2::text[]) as m
     on conflict (company_id, mac) do update set
       lat = (w.lat * w.samples + excluded.lat) / (w.samples + 1),
       lng = (w.lng * w.samples + excluded.lng) / (w.samples + 1),
       samples = least(w.samples + 1, ${MAX_LEARN_SAMPLES}),
       seen_ts = excluded.seen_ts`,
    [companyId, macs, fix.lat, fix.lng, LEARNED_WIFI_RANGE, now],
  );
}

export interface CellImportRow {
  fileKey: string;
  lines: number;
  imported: number;
  errors: number;
  done: boolean;
  updatedTs: number;
}

/**
 * Sizes of the shared tower and AP tables, the APs companies learned and the frames left without a fix since
 * `since`, counted over the reseller ids given (null: all), and the last 50 table imports.
 */
export async function cellTableFigures(
  db: Queryable,
  resellerIds: readonly number[] | null,
  since: number,
): Promise<{
  sizes: { towers: number; aps: number };
  learned: number;
  unresolved: number;
  imports: CellImportRow[];
}> {
  const [sizes] = await db.query<{ towers: number; aps: number }>(
    "select (select count(*) from cell_towers)::float8 as towers, (select count(*) from wifi_aps)::float8 as aps",
  );
  const [learned] = await db.query<{ n: number }>(
    `select count(*)::float8 as n from company_wifi_aps w join companies c on c.id = w.company_id
     where $1::int[] is null or c.reseller_id = any($1::int[])`,
    [resellerIds],
  );
  const [unresolved] = await db.query<{ n: number }>(
    `select count(*)::float8 as n from ingest_quarantine q left join devices d on d.id = q.device_id
       left join companies c on c.id = q.company_id
     where q.reason = 'noFix' and q.received_ts >= $2
       and ($1::int[] is null or d.reseller_id = any($1::int[]) or c.reseller_id = any($1::int[]))`,
    [resellerIds, since],
  );
  const imports = await db.query<CellImportRow>(
    `select file_key as "fileKey", lines::float8 as lines, imported::float8 as imported, errors::float8 as errors,
       done, updated_ts::float8 as "updatedTs" from cell_imports order by updated_ts desc limit 50`,
  );
  return {
    sizes: sizes ?? { towers: 0, aps: 0 },
    learned: learned?.n ?? 0,
    unresolved: unresolved?.n ?? 0,
    imports,
  };
}
