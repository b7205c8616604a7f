import { API_ERROR, authApi, BRAND_ERROR, twoFactorApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { isWrongBrandHost } from "../kernel/auth/brand-host.ts";
import { storeNewPassword } from "../kernel/auth/password-change.ts";
import { hashPassword, verifyPassword } from "../kernel/auth/passwords.ts";
import { checkThrottle, recordFailure, recordResetRequest } from "../kernel/auth/throttle.ts";
import { bearer, issueTokens, revokeRefreshFamily, rotateRefreshToken } from "../kernel/auth/tokens.ts";
import { startEnrolment } from "../kernel/auth/totp.ts";
import { mountRoute } from "../kernel/contract.ts";
import { forbidden, unauthorized } from "../kernel/errors.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import { loadPrincipal } from "../kernel/tenancy/principal.ts";
import { siteForHost } from "../sites/index.ts";
import { authenticate, passwordExpired } from "./login.ts";
import type { MailingContext } from "./password-keys.ts";
import { sendPasswordLink, setPasswordFromKey } from "./password-keys.ts";
import {
  accountForReset,
  accountWithPasswordLifetime,
  accountWithTotpPolicy,
  dropPushSubscription,
} from "./store.ts";

/** Sign-in, token refresh, sign-out and password keys: the routes that need no access token. */
export function authRoutes(ctx: MailingContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, authApi.login, async (request) => {
      const user = await authenticate(ctx, { ...request.body, ip: request.ip });
      const site = await siteForHost(ctx.db, request.host);
      // Only after the password matched: a stranger learns nothing about which brand an account is of.
      if (await isWrongBrandHost(ctx.db, ctx.config.brandSignIn, user.id, request.host))
        throw forbidden(BRAND_ERROR.wrongBrand);
      // Sign-ins go to the audit log too (the platform log of /superLog shows them).
      await recordAudit(ctx, await loadPrincipal(ctx.db, user.id), {
        companyId: user.company_id,
        resellerId: user.reseller_id,
        action: "login",
        entity: "session",
        entityId: String(user.id),
        data: { ip: request.ip, channel: request.body.channel },
      });
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
      const { userId, ...pair } = await rotateRefreshToken(
        ctx.db,
        ctx.jwtKey,
        ctx.clock,
        bearer(request.headers.authorization),
        site.id,
      );
      // The new tokens would be refused on this host anyway: say why now.
      if (await isWrongBrandHost(ctx.db, ctx.config.brandSignIn, userId, request.host))
        throw unauthorized(BRAND_ERROR.wrongBrand);
      return pair;
    });

    // Always 204: a token that is not the caller's (wrong secret) ends nothing and tells nothing.
    mountRoute(app, authApi.logout, async (request) => {
      const userId = await revokeRefreshFamily(ctx.db, ctx.clock, request.body.refreshToken);
      if (userId === null) return;
      // Only the signed-out user's own subscription: an endpoint alone must not remove someone else's.
      if (request.body.pushEndpoint) await dropPushSubscription(ctx.db, userId, request.body.pushEndpoint);
      ctx.sessions.emit({ kind: "loggedOut", userId });
    });

    mountRoute(app, authApi.passwordReset, async (request) => {
      const { email } = request.body;
      await checkThrottle(ctx.db, ctx.clock, { email, ip: request.ip }, "reset");
      await recordResetRequest(ctx.db, ctx.clock, { email, ip: request.ip });
      const account = await accountForReset(ctx.db, email);
      // Answer the same whether or not the address exists, so the form cannot be used to probe accounts:
      // the same argon2 work as a sign-in on both paths, so the time does not tell either.
      await verifyPassword(null, email);
      if (account) await sendPasswordLink(ctx, account, "reset");
    });

    // Only for an account that must have an authenticator and has none: the password alone opens the set-up,
    // never a session; the sign-in that follows needs the first code of the new secret.
    mountRoute(app, twoFactorApi.setupAtLogin, async (request) => {
      const { username, password } = request.body;
      const key = { email: username, ip: request.ip };
      await checkThrottle(ctx.db, ctx.clock, key);
      const row = await accountWithTotpPolicy(ctx.db, username);
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
      const row = await accountWithPasswordLifetime(ctx.db, username);
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
