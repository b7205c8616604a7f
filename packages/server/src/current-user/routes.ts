import { API_ERROR, currentUserApi, isResellerOrHigher } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { storeNewPassword } from "../kernel/auth/password-change.ts";
import { hashPassword, verifyPassword } from "../kernel/auth/passwords.ts";
import { checkThrottle, recordFailure } from "../kernel/auth/throttle.ts";
import { endUserSessions } from "../kernel/auth/tokens.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, badRequest, notFound } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import { resolveCompanyScope } from "../kernel/tenancy/scope.ts";
import { toApiUser } from "../kernel/tenancy/user-row.ts";
import { ownUserRow, storeSelectedCompany, updateOwnProfile } from "./store.ts";

/** The signed-in user's own record, profile, password and company selection. */
export function currentUserRoutes(ctx: KernelContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  const load = (id: number) => ownUserRow(ctx.db, id);

  return async (app) => {
    mountRoute(app, currentUserApi.get, async (request) =>
      toApiUser(await load(principalOf(request).userId)),
    );

    mountRoute(app, currentUserApi.update, async (request) => {
      const principal = principalOf(request);
      await updateOwnProfile(ctx.db, principal.userId, request.body, ctx.clock.now());
      return toApiUser(await load(principal.userId));
    });

    // The same throttle as sign-in: a stolen session must not become a password oracle.
    mountRoute(app, currentUserApi.changePassword, async (request) => {
      const principal = principalOf(request);
      const row = await load(principal.userId);
      const key = { email: row.email, ip: request.ip };
      await checkThrottle(ctx.db, ctx.clock, key);
      if (!(await verifyPassword(row.password_hash, request.body.oldPassword))) {
        await recordFailure(ctx.db, ctx.clock, key);
        throw new ApiError(401, API_ERROR.wrongCredentials);
      }
      if (request.body.oldPassword === request.body.password) throw badRequest(API_ERROR.samePassword);
      const hash = await hashPassword(request.body.password);
      // Every other session the old password opened ends; the one that changed it goes on.
      const ended = await ctx.db.transaction(async (tx) => {
        await storeNewPassword(tx, ctx.clock, row, hash, request.ip);
        return endUserSessions(tx, ctx.clock, row.id, principal.sessionId);
      });
      ctx.sessions.emit({ kind: "sessionsEnded", sessionIds: ended });
      await recordAudit(ctx, principal, {
        companyId: row.company_id,
        action: "update",
        entity: "password",
        entityId: String(row.id),
      });
    });

    mountRoute(app, currentUserApi.selectCompany, async (request) => {
      const principal = principalOf(request);
      const { companyId } = request.params;
      if (companyId !== 0) {
        // Only reseller-level users switch companies; the scope check proves the company is theirs.
        if (!isResellerOrHigher(principal.role) && principal.companyId !== companyId) throw notFound();
        await resolveCompanyScope(ctx.db, principal, companyId);
      }
      const selected = companyId === 0 ? null : companyId;
      await storeSelectedCompany(ctx.db, principal.userId, selected);
      return toApiUser(await load(principal.userId));
    });
  };
}
