import { randomToken, sha256 } from "../kernel/auth/secrets.ts";
import type { Queryable } from "../kernel/db/database.ts";

/** Creates the key behind an unsubscribe link placed in notification mails. */
export async function createUnsubscribeKey(
  db: Queryable,
  now: number,
  target: { userId: number | null; email: string; kind: string },
): Promise<string> {
  const key = randomToken(24);
  await db.query(
    "insert into unsubscribe_keys (key_hash, user_id, email, kind, created_ts) values ($1, $2, $3, $4, $5)",
    [sha256(key), target.userId, target.email, target.kind, now],
  );
  return key;
}

/** What an unsubscribe key is for, and whether it has been used; null for an unknown key. */
export async function unsubscribeKey(
  db: Queryable,
  key: string,
): Promise<{ email: string; kind: string; done: boolean } | null> {
  const rows = await db.query<{ email: string; kind: string; used_ts: number | null }>(
    "select email, kind, used_ts from unsubscribe_keys where key_hash = $1",
    [sha256(key)],
  );
  const row = rows[0];
  return row ? { email: row.email, kind: row.kind, done: row.used_ts !== null } : null;
}

/**
 * Marks the key used (its first use keeps its time) and switches the notification kind off for the key's user,
 * when it has one; false for an unknown key. Both happen in the caller's transaction.
 */
export async function useUnsubscribeKey(tx: Queryable, key: string, now: number): Promise<boolean> {
  const rows = await tx.query<{ user_id: number | null; kind: string }>(
    "update unsubscribe_keys set used_ts = coalesce(used_ts, $2) where key_hash = $1 returning user_id, kind",
    [sha256(key), now],
  );
  const row = rows[0];
  if (!row) return false;
  if (row.user_id !== null) {
    await tx.query("update users set notifications = notifications || $2::jsonb where id = $1", [
      row.user_id,
      { [row.kind]: false },
    ]);
  }
  return true;
}
