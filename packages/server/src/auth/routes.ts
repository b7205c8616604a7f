import {
  API_ERROR,
  DEFAULT_OSM_TILES_URL,
  expiredPasswordChangeSchema,
  loginBodySchema,
  passwordResetRequestSchema,
  passwordSetBodySchema,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { hashPassword, verifyPassword } from "../kernel/auth/passwords.ts";
import { sha256 } from "../kernel/auth/secrets.ts";
import { bearer, issueTokens, revokeRefreshFamily, rotateRefreshToken } from "../kernel/auth/tokens.ts";
import { badRequest, unauthorized } from "../kernel/errors.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";
import { siteForHost } from "../sites/index.ts";
import { authenticate, passwordExpired } from "./login.ts";
import type { MailingContext } from "./password-keys.ts";
import { requestOrigin, sendPasswordLink, setPasswordFromKey } from "./password-keys.ts";

/**
 * Whose session a presented refresh token is, only when its secret is right: a token id alone must not be
 * enough to end someone's live channels.
 */
async function refreshTokenOwner(ctx: MailingContext, presented: string): Promise<number | null> {
  const [id, secret] = presented.split(".");
  if (!id || !secret) return null;
  const rows = await ctx.db.query<{ user_id: number }>(
    "select user_id from refresh_tokens where id = $1 and secret_hash = $2",
    [id, sha256(secret)],
  );
  return rows[0]?.user_id ?? null;
}

/** Sign-in, token refresh, sign-out and password keys: the routes that need no access token. */
export function authRoutes(ctx: MailingContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/auth/login", { schema: { body: loginBodySchema, tags: ["auth"] } }, async (request) => {
      const user = await authenticate(ctx, { ...request.body, ip: request.ip });
      const site = await siteForHost(ctx.db, request.host);
      const tokens = await issueTokens(ctx.db, ctx.jwtKey, ctx.clock, { userId: user.id, siteId: site.id });
      return {
        ...tokens,
        mapKeys: site.branding.mapKeys ?? {},
        osmTilesUrl: site.branding.osmTilesUrl ?? DEFAULT_OSM_TILES_URL,
        initTs: ctx.initTs,
      };
    });

    app.get("/auth/token", { schema: { tags: ["auth"] } }, async (request) => {
      const site = await siteForHost(ctx.db, request.host);
      const { userId: _userId, ...pair } = await rotateRefreshToken(
        ctx.db,
        ctx.jwtKey,
        ctx.clock,
        bearer(request.headers.authorization),
        site.id,
      );
      return pair;
    });

    app.post(
      "/auth/logout",
      { schema: { body: z.object({ refreshToken: z.string().min(1) }), tags: ["auth"] } },
      async (request, reply) => {
        await revokeRefreshFamily(ctx.db, ctx.clock, request.body.refreshToken);
        const userId = await refreshTokenOwner(ctx, request.body.refreshToken);
        if (userId !== null) ctx.sessions.emit({ kind: "loggedOut", userId });
        return reply.status(204).send();
      },
    );

    app.post(
      "/auth/password/reset",
      { schema: { body: passwordResetRequestSchema, tags: ["auth"] } },
      async (request, reply) => {
        const rows = await ctx.db.query<{ id: number; email: string; language: string }>(
          "select id, email, language from users where lower(email) = lower($1)",
          [request.body.email],
        );
        // Answer the same whether or not the address exists, so the form cannot be used to probe accounts.
        if (rows[0])
          await sendPasswordLink(ctx, rows[0], "reset", requestOrigin(request.protocol, request.host));
        return reply.status(204).send();
      },
    );

    app.post(
      "/auth/password/set",
      { schema: { body: passwordSetBodySchema, tags: ["auth"] } },
      async (request, reply) => {
        await setPasswordFromKey(ctx, request.body.key, request.body.password);
        return reply.status(204).send();
      },
    );

    app.post(
      "/auth/password/expired",
      { schema: { body: expiredPasswordChangeSchema, tags: ["auth"] } },
      async (request, reply) => {
        const { username, oldPassword, password } = request.body;
        const rows = await ctx.db.query<UserRow & { password_expiration_days: number | null }>(
          `select u.*, c.password_expiration_days from users u left join companies c on c.id = u.company_id
           where lower(u.email) = lower($1)`,
          [username],
        );
        const row = rows[0];
        if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
          throw unauthorized(API_ERROR.wrongCredentials);
        }
        if (!passwordExpired(row, row.password_expiration_days, ctx.clock.now()))
          throw badRequest("password.notExpired");
        const now = ctx.clock.now();
        await ctx.db.query(
          "update users set password_hash = $2, password_changed_ts = $3, updated_ts = $3 where id = $1",
          [row.id, await hashPassword(password), now],
        );
        return reply.status(204).send();
      },
    );
  };
}
