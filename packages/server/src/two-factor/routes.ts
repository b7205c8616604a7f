import { API_ERROR, type OtpStatus, twoFactorApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { endUserSessions } from "../kernel/auth/tokens.ts";
import { acceptCode, startEnrolment } from "../kernel/auth/totp.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, badRequest } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import { requirePerson } from "../kernel/tenancy/principal.ts";
import {
  type Account,
  clearTotp,
  companyRequiresTotp,
  companyUsersWithoutTotp,
  loadAccount,
  resellerRequiresTotp,
  setCompanyRequiresTotp,
  setResellerRequiresTotp,
} from "./store.ts";

const statusOf = (a: Account): OtpStatus => ({ enabled: a.totp_secret !== null, required: !!a.require_totp });

/** The signed-in user's own two-factor switch. */
export function twoFactorUserRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, twoFactorApi.status, async (request) =>
      statusOf(await loadAccount(ctx.db, principalOf(request).userId)),
    );

    mountRoute(app, twoFactorApi.setup, async (request) => {
      const account = await loadAccount(ctx.db, principalOf(request).userId);
      // A second set-up would silently replace a working authenticator: turn it off first.
      if (account.totp_secret) throw new ApiError(409, API_ERROR.otpRequired);
      return startEnrolment(ctx.db, account);
    });

    mountRoute(app, twoFactorApi.enable, async (request) => {
      const principal = principalOf(request);
      const account = await loadAccount(ctx.db, principal.userId);
      if (account.totp_secret || !account.totp_pending) throw badRequest(API_ERROR.otpInvalid);
      if (!(await acceptCode(ctx.db, ctx.clock, account, request.body.otp)))
        throw badRequest(API_ERROR.otpInvalid, { otp: API_ERROR.otpInvalid });
      await recordAudit(ctx, principal, {
        companyId: account.company_id,
        resellerId: account.reseller_id,
        action: "update",
        entity: "otp",
        entityId: String(account.id),
        data: { enabled: true },
      });
      return statusOf(await loadAccount(ctx.db, principal.userId));
    });

    mountRoute(app, twoFactorApi.disable, async (request) => {
      const principal = principalOf(request);
      const account = await loadAccount(ctx.db, principal.userId);
      if (account.require_totp) throw new ApiError(403, API_ERROR.otpEnforced);
      if (!account.totp_secret || !(await acceptCode(ctx.db, ctx.clock, account, request.body.otp)))
        throw badRequest(API_ERROR.otpInvalid, { otp: API_ERROR.otpInvalid });
      await clearTotp(ctx.db, account.id);
      await recordAudit(ctx, principal, {
        companyId: account.company_id,
        resellerId: account.reseller_id,
        action: "update",
        entity: "otp",
        entityId: String(account.id),
        data: { enabled: false },
      });
      return statusOf(await loadAccount(ctx.db, principal.userId));
    });
  };
}

/** Whether a company enforces two-factor sign-in (its administrators and the resellers above decide). */
export function twoFactorCompanyRoutes(
  ctx: KernelContext & { sessions: SessionEvents },
): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, twoFactorApi.companyPolicy, async (request) => {
      const scope = scopeOf(request);
      return { required: await companyRequiresTotp(ctx.db, scope) };
    });

    mountRoute(app, twoFactorApi.setCompanyPolicy, async (request) => {
      const scope = scopeOf(request);
      requirePerson(scope.principal);
      await setCompanyRequiresTotp(ctx.db, scope, request.body.required);
      // Sessions opened with the password alone no longer meet the policy: they end, and those users sign in
      // again with a code (or set one up). Sessions opened with a code go on.
      if (request.body.required) {
        const users = await companyUsersWithoutTotp(ctx.db, scope);
        // The administrator who turns it on keeps the session they are using; their next sign-in needs a code.
        const ended = await endUserSessions(ctx.db, ctx.clock, users, scope.principal.sessionId);
        ctx.sessions.emit({ kind: "sessionsEnded", sessionIds: ended });
      }
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "otpPolicy",
        data: { required: request.body.required },
      });
      return { required: request.body.required };
    });
  };
}

/**
 * The reseller's own policy: when on, its staff and every user of the companies it serves need a code to sign
 * in, and so do its sub-resellers' staff and companies, down the whole tree (`REQUIRE_TOTP_SQL`); neither a
 * sub-reseller nor a company can relax it (their own switches only add to it).
 */
export function twoFactorResellerRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, twoFactorApi.resellerPolicy, async (request) => {
      const scope = resellerScopeOf(request);
      return { required: await resellerRequiresTotp(ctx.db, scope) };
    });

    mountRoute(app, twoFactorApi.setResellerPolicy, async (request) => {
      const scope = resellerScopeOf(request);
      await setResellerRequiresTotp(ctx.db, scope, request.body.required);
      await recordAudit(ctx, scope.principal, {
        resellerId: scope.resellerId,
        action: "update",
        entity: "otpPolicy",
        data: { required: request.body.required },
      });
      return { required: request.body.required };
    });
  };
}
