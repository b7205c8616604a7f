import { API_ERROR, authApi, twoFactorApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { storeNewPassword } from "../kernel/auth/password-change.ts";
import { hashPassword, verifyPassword } from "../kernel/auth/passwords.ts";
import { checkThrottle, recordFailure, recordResetRequest } from "../kernel/auth/throttle.ts";
import { bearer, issueTokens, revokeRefreshFamily, rotateRefreshToken } from "../kernel/auth/tokens.ts";
import {
  REQUIRE_TOTP_SQL,
  startEnrolment,
  TOTP_POLICY_JOINS,
  type TotpAccount,
} from "../kernel/auth/totp.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden, unauthorized } from "../kernel/errors.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import { loadPrincipal } from "../kernel/tenancy/principal.ts";
import type { UserRow } from "../kernel/tenancy/user-row.ts";
import { siteForHost } from "../sites/index.ts";
import { authenticate, passwordExpired } from "./login.ts";
import type { MailingContext } from "./password-keys.ts";
import { sendPasswordLink, setPasswordFromKey } from "./password-keys.ts";

/** Sign-in, token refresh, sign-out and password keys: the routes that need no access token. */
export function authRoutes(ctx: MailingContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, authApi.login, async (request) => {
      const user = await authenticate(ctx, { ...request.body, ip: request.ip });
      // Sign-ins go to the audit log too (the platform log of /superLog shows them).
      await recordAudit(ctx, await loadPrincipal(ctx.db, user.id), {
        companyId: user.company_id,
        resellerId: user.reseller_id,
        action: "login",
        entity: "session",
        entityId: String(user.id),
        data: { ip: request.ip, channel: request.body.channel },
      });
      const site = await siteForHost(ctx.db, request.host);
      const tokens = await issueTokens(ctx.db, ctx.jwtKey, ctx.clock, { userId: user.id, siteId: site.id });
      return {
        ...tokens,
        mapKeys: site.branding.mapKeys ?? {},
        // The raster tiles of the "osm" base map: the site's own, else MAP_OSM_TILES, else none at all.
        osmTilesUrl: site.branding.osmTilesUrl ?? ctx.config.mapOsmTiles ?? "",
        initTs: ctx.initTs,
      };
    });

    mountRoute(app, authApi.token, async (request) => {
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

    // Always 204: a token that is not the caller's (wrong secret) ends nothing and tells nothing.
    mountRoute(app, authApi.logout, async (request) => {
      const userId = await revokeRefreshFamily(ctx.db, ctx.clock, request.body.refreshToken);
      if (userId === null) return;
      // Only the signed-out user's own subscription: an endpoint alone must not remove someone else's.
      if (request.body.pushEndpoint)
        await ctx.db.query("delete from push_subscriptions where endpoint = $1 and user_id = $2", [
          request.body.pushEndpoint,
          userId,
        ]);
      ctx.sessions.emit({ kind: "loggedOut", userId });
    });

    mountRoute(app, authApi.passwordReset, async (request) => {
      const { email } = request.body;
      await checkThrottle(ctx.db, ctx.clock, { email, ip: request.ip }, "reset");
      await recordResetRequest(ctx.db, ctx.clock, { email, ip: request.ip });
      const rows = await ctx.db.query<{ id: number; email: string; language: string }>(
        "select id, email, language from users where lower(email) = lower($1)",
        [email],
      );
      // Answer the same whether or not the address exists, so the form cannot be used to probe accounts:
      // the same argon2 work as a sign-in on both paths, so the time does not tell either.
      await verifyPassword(null, email);
      if (rows[0]) await sendPasswordLink(ctx, rows[0], "reset");
    });

    // Only for an account that must have an authenticator and has none: the password alone opens the set-up,
    // never a session; the sign-in that follows needs the first code of the new secret.
    mountRoute(app, twoFactorApi.setupAtLogin, async (request) => {
      const { username, password } = request.body;
      const key = { email: username, ip: request.ip };
      await checkThrottle(ctx.db, ctx.clock, key);
      const rows = await ctx.db.query<UserRow & TotpAccount>(
        `select u.*, ${REQUIRE_TOTP_SQL} as require_totp
         from users u ${TOTP_POLICY_JOINS}
         where lower(u.email) = lower($1)`,
        [username],
      );
      const row = rows[0];
      if (!row || !(await verifyPassword(row.password_hash, password))) {
        await recordFailure(ctx.db, ctx.clock, key);
        throw unauthorized(API_ERROR.wrongCredentials);
      }
      if (row.totp_secret || !row.require_totp) throw forbidden();
      return startEnrolment(ctx.db, row);
    });

    mountRoute(app, authApi.passwordSet, async (request) => {
      await setPasswordFromKey(ctx, { ...request.body, ip: request.ip });
    });

    mountRoute(app, authApi.passwordExpired, async (request) => {
      const { username, oldPassword, password } = request.body;
      const key = { email: username, ip: request.ip };
      await checkThrottle(ctx.db, ctx.clock, key);
      const rows = await ctx.db.query<UserRow & { password_expiration_days: number | null }>(
        `select u.*, c.password_expiration_days from users u left join companies c on c.id = u.company_id
         where lower(u.email) = lower($1)`,
        [username],
      );
      const row = rows[0];
      const ok = await verifyPassword(row?.password_hash ?? null, oldPassword);
      // A right password of an account whose password has not expired gets the answer of a wrong one (and
      // counts like one), or this route would confirm passwords without the sign-in's rules.
      if (!row || !ok || !passwordExpired(row, row.password_expiration_days, ctx.clock.now())) {
        await recordFailure(ctx.db, ctx.clock, key);
        throw unauthorized(API_ERROR.wrongCredentials);
      }
      const hash = await hashPassword(password);
      await ctx.db.transaction((tx) => storeNewPassword(tx, ctx.clock, row, hash, request.ip));
    });
  };
}
