import type { TrackPoint } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/** Rows one statement scans at most, so no statement holds the embedded database for long (~100 ms). */
export const ROUTE_CHUNK_ROWS = 20_000;

export interface RouteQuery {
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  /** Inclusive start and exclusive end, in ms. */
  from: number;
  to: number;
}

export interface RouteRow extends TrackPoint {
  ignition: boolean | null;
}

export interface RouteRead {
  /** At most one point per time bucket (the first), plus the route's last point. */
  rows: RouteRow[];
  /** Some stored points were left out by thinning. */
  thinned: boolean;
}

interface ChunkRow extends RouteRow {
  keep: boolean;
  scanned: number;
}

// One bounded statement: the next `limit` displayable rows after the cursor (the index range scan
// stops there), of which only the first row of each time bucket leaves the database. The chunk's last row
// always comes back too, as the cursor for the next statement.
const CHUNK_SQL = `
with chunk as (
  select ts, lat, lng, alt, spd, course, src, attributes from positions
  where company_id = $1 and item_type = $2 and item_id = $3 and ts > $4 and ts < $5
    and valid and lat between -90 and 90 and not (lat = 0 and lng = 0)
  order by ts limit $6
), marked as (
  select *, ts / $7::bigint as bucket, lag(ts / $7::bigint) over (order by ts) as prev_bucket from chunk
)
select ts, lat, lng, alt, spd, course, src,
  case when jsonb_typeof(attributes->'ignition') = 'boolean' then (attributes->>'ignition')::boolean end as ignition,
  bucket <> coalesce(prev_bucket, $8::bigint) as keep,
  (select count(*) from chunk)::int as scanned
from marked
where bucket <> coalesce(prev_bucket, $8::bigint) or ts = (select max(ts) from chunk)
order by ts`;

/**
 * Reads an item's route over a range in bounded statements and thins it in SQL to at most about
 * `maxPoints` (one point per `(to - from) / maxPoints` ms), never holding more than the thinned route in
 * memory. The result does not depend on the chunk size.
 */
export async function readRoute(
  db: Queryable,
  q: RouteQuery,
  options: { maxPoints: number; chunkRows?: number },
): Promise<RouteRead> {
  const chunkRows = options.chunkRows ?? ROUTE_CHUNK_ROWS;
  const bucketMs = Math.max(1, Math.ceil((q.to - q.from) / options.maxPoints));
  const rows: RouteRow[] = [];
  let cursor = q.from - 1;
  let prevBucket = -1;
  let scanned = 0;
  // The previous chunk's last row when thinning left it out: the route's end if nothing follows.
  let pendingTail: ChunkRow | null = null;
  for (;;) {
    const chunk = await db.query<ChunkRow>(CHUNK_SQL, [
      q.companyId,
      q.itemType,
      q.itemId,
      cursor,
      q.to,
      chunkRows,
      bucketMs,
      prevBucket,
    ]);
    const tail = chunk[chunk.length - 1];
    if (!tail) {
      if (pendingTail) rows.push(toRouteRow(pendingTail));
      break;
    }
    const count = Number(tail.scanned);
    const final = count < chunkRows;
    scanned += count;
    for (const row of chunk) {
      if (row.keep || (final && row === tail)) rows.push(toRouteRow(row));
    }
    if (final) break;
    pendingTail = tail.keep ? null : tail;
    cursor = Number(tail.ts);
    prevBucket = Math.floor(cursor / bucketMs);
  }
  return { rows, thinned: scanned > rows.length };
}

function toRouteRow(row: ChunkRow): RouteRow {
  return {
    ts: Number(row.ts),
    lat: row.lat,
    lng: row.lng,
    alt: row.alt,
    spd: row.spd,
    course: row.course,
    src: row.src,
    ignition: row.ignition,
  };
}
