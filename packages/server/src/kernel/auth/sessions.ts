import { ACCESS_TOKEN_TTL_S } from "@vigia/domain";
import type { Clock } from "../config.ts";
import type { Queryable } from "../db/database.ts";

/**
 * Sessions ended before their access tokens expire. A session is a refresh-token family; its id travels in
 * every access token (`sid`). Ending it (logout, reuse of a rotated token, a password set from a key) lists
 * it here until the last access token it could have issued has expired, so those tokens are refused too.
 * Known revocations are kept in memory; a session not known here is looked up by primary key, so another
 * node's logout counts at once.
 */
const known = new Map<string, number>();

export async function endSessions(db: Queryable, clock: Clock, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const now = clock.now();
  const expires = now + ACCESS_TOKEN_TTL_S * 1000;
  await db.query("delete from revoked_sessions where expires_ts <= $1", [now]);
  await db.query(
    `insert into revoked_sessions (session_id, expires_ts) select unnest($1::text[]), $2
     on conflict (session_id) do update set expires_ts = excluded.expires_ts`,
    [sessionIds, expires],
  );
  for (const id of sessionIds) known.set(id, expires);
}

export async function sessionEnded(db: Queryable, clock: Clock, sessionId: string): Promise<boolean> {
  const now = clock.now();
  const cached = known.get(sessionId);
  if (cached !== undefined) {
    if (cached > now) return true;
    known.delete(sessionId);
  }
  const rows = await db.query<{ expires_ts: number }>(
    "select expires_ts from revoked_sessions where session_id = $1 and expires_ts > $2",
    [sessionId, now],
  );
  const row = rows[0];
  if (!row) return false;
  known.set(sessionId, Number(row.expires_ts));
  return true;
}
