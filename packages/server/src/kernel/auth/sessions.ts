import { ACCESS_TOKEN_TTL_S } from "@vigia/domain";
import type { Clock } from "../config.ts";
import type { Queryable } from "../db/database.ts";

/**
 * Sessions ended before their access tokens expire. A session is a refresh-token family; its id travels in
 * every access token (`sid`). Ending it (logout, reuse of a rotated token, a password set from a key) lists
 * it here until the last access token it could have issued has expired, so those tokens are refused too.
 * Runs inside the caller's transaction: a rolled-back logout ends nothing.
 */
export async function endSessions(db: Queryable, clock: Clock, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const now = clock.now();
  await db.query("delete from revoked_sessions where expires_ts <= $1", [now]);
  await db.query(
    `insert into revoked_sessions (session_id, expires_ts) select unnest($1::text[]), $2
     on conflict (session_id) do update set expires_ts = excluded.expires_ts`,
    [sessionIds, now + ACCESS_TOKEN_TTL_S * 1000],
  );
}

/**
 * Whether a session has been ended, asked on every authenticated request. An ended session stays ended until
 * its tokens expire, so a "yes" read from the committed table is kept in memory until then; a "no" is asked
 * again each time (by primary key), so a logout on another node counts at once. One per server, built with its
 * context.
 */
export class EndedSessions {
  private readonly known = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async has(sessionId: string): Promise<boolean> {
    const now = this.clock.now();
    const cached = this.known.get(sessionId);
    if (cached !== undefined) {
      if (cached > now) return true;
      this.known.delete(sessionId);
    }
    const rows = await this.db.query<{ expires_ts: number }>(
      "select expires_ts from revoked_sessions where session_id = $1 and expires_ts > $2",
      [sessionId, now],
    );
    const row = rows[0];
    if (!row) return false;
    this.forgetExpired(now);
    this.known.set(sessionId, Number(row.expires_ts));
    return true;
  }

  /** Entries are few (sessions ended in the last token lifetime) but a long-running server sweeps them. */
  private forgetExpired(now: number): void {
    if (this.known.size < 1024) return;
    for (const [id, expires] of this.known) if (expires <= now) this.known.delete(id);
  }
}
