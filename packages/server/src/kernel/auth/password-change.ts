import type { Clock } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { clearAccount } from "./throttle.ts";

/**
 * Stores a new password, whichever route set it (reset or create key, expired or own change). Every reset
 * and create-password key still outstanding dies with the old password, and the account's throttle count
 * starts again: the owner proved who they are.
 */
export async function storeNewPassword(
  tx: Queryable,
  clock: Clock,
  user: { id: number; email: string },
  passwordHash: string,
  ip: string,
): Promise<void> {
  const now = clock.now();
  await tx.query(
    "update users set password_hash = $2, password_changed_ts = $3, updated_ts = $3 where id = $1",
    [user.id, passwordHash, now],
  );
  await tx.query("update password_keys set used_ts = $2 where user_id = $1 and used_ts is null", [
    user.id,
    now,
  ]);
  await clearAccount(tx, clock, { email: user.email, ip });
}
