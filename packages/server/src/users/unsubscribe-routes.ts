import { unsubscribeApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { randomToken, sha256 } from "../kernel/auth/secrets.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";

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

/** The unsubscribe screen works without signing in: the key itself is the credential. */
export function unsubscribeRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, unsubscribeApi.info, async (request) => {
      const rows = await ctx.db.query<{ email: string; kind: string; used_ts: number | null }>(
        "select email, kind, used_ts from unsubscribe_keys where key_hash = $1",
        [sha256(request.params.key)],
      );
      if (!rows[0]) throw notFound("invalid.key");
      return { email: rows[0].email, kind: rows[0].kind, done: rows[0].used_ts !== null };
    });

    mountRoute(app, unsubscribeApi.confirm, async (request) => {
      const found = await ctx.db.transaction(async (tx) => {
        const rows = await tx.query<{ user_id: number | null; kind: string }>(
          "update unsubscribe_keys set used_ts = coalesce(used_ts, $2) where key_hash = $1 returning user_id, kind",
          [sha256(request.params.key), ctx.clock.now()],
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
      });
      if (!found) throw notFound("invalid.key");
    });
  };
}
