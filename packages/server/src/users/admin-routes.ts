import {
  canWrite,
  type DeleteBulkResult,
  isAdminOrHigher,
  type Role,
  usersApi,
  withAlarmSound,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MailingContext } from "../auth/index.ts";
import { sendPasswordLink } from "../auth/index.ts";
import { COMPANY_ROLES } from "../companies/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { endUserSessions } from "../kernel/auth/tokens.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest, forbidden, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { toApiUser, type UserRow } from "../kernel/tenancy/user-row.ts";
import { accessChanged } from "./access-change.ts";
import { importUsers } from "./import.ts";
import {
  companyGroupCount,
  companyUserIds,
  companyUsers,
  deleteUsers,
  insertUser,
  type UserBody,
  updateUser,
  userOfCompany,
} from "./store.ts";

/** Roles of company users and the group rule: groups are required unless the user is an administrator. */
export async function checkCompanyUser(db: Queryable, companyId: number, body: UserBody): Promise<void> {
  if (!(COMPANY_ROLES as readonly Role[]).includes(body.role))
    throw badRequest("validation.failed", { role: "invalidRole" });
  if (body.role !== "ADMIN" && body.groups.length === 0)
    throw badRequest("validation.failed", { groups: "groupRequired" });
  if (body.groups.length > 0) {
    if ((await companyGroupCount(db, companyId, body.groups)) !== new Set(body.groups).size)
      throw badRequest("validation.failed", { groups: "invalidGroup" });
  }
}

async function companyUser(db: Queryable, scope: CompanyScope, id: number): Promise<UserRow> {
  const row = await userOfCompany(db, scope.companyId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The users calls, company level. Every change of a user is announced on `sessions`, so
 * open live channels of that user end or narrow at once.
 */
export function companyUserRoutes(ctx: MailingContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, usersApi.list, async (request) => {
      const scope = scopeOf(request);
      const rows = await companyUsers(ctx.db, scope.companyId);
      return Object.fromEntries(rows.map((r) => [r.id, toApiUser(r)]));
    });

    mountRoute(app, usersApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkCompanyUser(ctx.db, scope.companyId, request.body);
      const row = await ctx.db.transaction(async (tx) => {
        const created = await insertUser(
          tx,
          request.body,
          { companyId: scope.companyId, resellerId: null },
          ctx.clock.now(),
        );
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "user",
            entityId: String(created.id),
            data: { email: created.email, role: created.role },
          },
          tx,
        );
        return created;
      });
      await sendPasswordLink(ctx, row, "create");
      return toApiUser(row);
    });

    mountRoute(app, usersApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      // Every user saves their own alarm sound here, read-only or not; only an administrator
      // changes anything else, so for anyone else the rest of the body is ignored and the user kept as is.
      const administers = isAdminOrHigher(scope.principal.role) && canWrite(scope.principal, "general");
      const preferenceOnly = id === scope.principal.userId && !administers;
      const before = await companyUser(ctx.db, scope, id);
      const body = preferenceOnly
        ? withAlarmSound(toApiUser(before), request.body.config.alarmFrontSound)
        : request.body;
      if (!preferenceOnly) await checkCompanyUser(ctx.db, scope.companyId, body);
      const { row, ended } = await ctx.db.transaction(async (tx) => {
        const updated = await updateUser(tx, id, body, ctx.clock.now());
        // The administrator editing themselves goes on in the session that made the change.
        const ended = accessChanged(before, updated)
          ? await endUserSessions(
              tx,
              ctx.clock,
              id,
              id === scope.principal.userId ? scope.principal.sessionId : undefined,
            )
          : [];
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "user",
            entityId: String(id),
            data: { email: updated.email, role: updated.role },
          },
          tx,
        );
        return { row: updated, ended };
      });
      if (ended.length > 0) ctx.sessions.emit({ kind: "sessionsEnded", sessionIds: ended });
      // A preference changes nothing the live channel checks.
      if (!preferenceOnly) ctx.sessions.emit({ kind: "usersChanged", userIds: [id] });
      return toApiUser(row);
    });

    mountRoute(app, usersApi.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      if (id === scope.principal.userId) throw forbidden("user.self");
      const user = await companyUser(ctx.db, scope, id);
      await ctx.db.transaction(async (tx) => {
        await deleteUsers(tx, [id]);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "user",
            entityId: String(id),
            data: { email: user.email },
          },
          tx,
        );
      });
      ctx.sessions.emit({ kind: "usersChanged", userIds: [id] });
      return { id };
    });

    mountRoute(app, usersApi.deleteBulk, async (request) => {
      const scope = scopeOf(request);
      const ids = [...new Set(request.body.userIds)];
      const mine = new Set(await companyUserIds(ctx.db, scope.companyId, ids));
      const notDeleted: DeleteBulkResult["notDeleted"] = [];
      const deleted: number[] = [];
      for (const id of ids) {
        if (!mine.has(id)) notDeleted.push({ id, error: "not.found" });
        else if (id === scope.principal.userId) notDeleted.push({ id, error: "user.self" });
        else deleted.push(id);
      }
      await ctx.db.transaction(async (tx) => {
        if (deleted.length > 0) await deleteUsers(tx, deleted);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "user",
            entityId: "bulk",
            data: { ids: deleted },
          },
          tx,
        );
      });
      ctx.sessions.emit({ kind: "usersChanged", userIds: deleted });
      return { deleted, notDeleted };
    });

    mountRoute(app, usersApi.import, async (request) => {
      const scope = scopeOf(request);
      const result = await importUsers(ctx, scope, request.body.csv, request.query.commit === "1");
      // An import may change the role and groups of existing users.
      if (request.query.commit === "1")
        ctx.sessions.emit({ kind: "companyChanged", companyId: scope.companyId });
      return result;
    });
  };
}
