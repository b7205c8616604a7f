import { isSuperResellerOrHigher, type Role, usersApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MailingContext } from "../auth/index.ts";
import { sendPasswordLink } from "../auth/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { endUserSessions } from "../kernel/auth/tokens.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, forbidden, notFound } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import type { Principal } from "../kernel/tenancy/principal.ts";
import { visibleResellerIds } from "../kernel/tenancy/scope.ts";
import { toApiUser, type UserRow } from "../kernel/tenancy/user-row.ts";
import { accessChanged } from "./access-change.ts";
import { insertUser, updateUser } from "./store.ts";

const RESELLER_ROLES: readonly Role[] = ["RESELLER", "SUPER_RESELLER", "DEVELOPER"];

/** Reseller-level roles a principal may give: a reseller only its own level, the super reseller any. */
function assignableRoles(principal: Principal): readonly Role[] {
  return isSuperResellerOrHigher(principal.role) ? RESELLER_ROLES : ["RESELLER"];
}

type TotpColumns = { totp_secret?: string | null; totp_pending?: string | null };

/** The two-factor state of an account from the TOTP columns of migration 021. */
function twoFactorOf(row: TotpColumns): "off" | "pending" | "on" {
  if (row.totp_secret) return "on";
  return row.totp_pending ? "pending" : "off";
}

async function ownedUser(ctx: MailingContext, principal: Principal, id: number): Promise<UserRow> {
  const allowed = await visibleResellerIds(ctx.db, principal);
  const rows = await ctx.db.query<UserRow>(
    "select * from users where id = $1 and reseller_id is not null and ($2::int[] is null or reseller_id = any($2::int[]))",
    [id, allowed],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** GET/POST resellers/users, PUT/DELETE resellers/users/id/{id}, scoped to the reseller tree. */
export function resellerUserRoutes(ctx: MailingContext & { sessions: SessionEvents }): FastifyPluginAsyncZod {
  return async (app) => {
    const target = async (principal: Principal, resellerId: number | undefined): Promise<number> => {
      const id = resellerId ?? principal.resellerId;
      if (id === null || id === undefined) throw badRequest("validation.failed", { resellerId: "required" });
      const allowed = await visibleResellerIds(ctx.db, principal);
      if (allowed !== null && !allowed.includes(id)) throw notFound();
      const exists = await ctx.db.query("select 1 from resellers where id = $1", [id]);
      if (exists.length === 0) throw badRequest("validation.failed", { resellerId: "invalidReseller" });
      return id;
    };
    const checkRole = (principal: Principal, role: Role) => {
      if (!assignableRoles(principal).includes(role))
        throw badRequest("validation.failed", { role: "invalidRole" });
    };

    mountRoute(app, usersApi.resellerList, async (request) => {
      const allowed = await visibleResellerIds(ctx.db, principalOf(request));
      const rows = await ctx.db.query<UserRow & TotpColumns>(
        "select * from users where reseller_id is not null and ($1::int[] is null or reseller_id = any($1::int[])) order by id",
        [allowed],
      );
      return Object.fromEntries(rows.map((r) => [r.id, { ...toApiUser(r), twoFactor: twoFactorOf(r) }]));
    });

    mountRoute(app, usersApi.resellerCreate, async (request) => {
      const principal = principalOf(request);
      checkRole(principal, request.body.role);
      const resellerId = await target(principal, request.body.resellerId);
      const row = await ctx.db.transaction(async (tx) => {
        const created = await insertUser(
          tx,
          { ...request.body, groups: [] },
          { companyId: null, resellerId },
          ctx.clock.now(),
        );
        await recordAudit(
          ctx,
          principal,
          {
            resellerId,
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

    mountRoute(app, usersApi.resellerUpdate, async (request) => {
      const principal = principalOf(request);
      const id = request.params.id;
      const before = await ownedUser(ctx, principal, id);
      // Everyone may save their own preferences (the alarm sound), read-only or not.
      const self = id === principal.userId;
      if (!self || request.body.role !== before.role) checkRole(principal, request.body.role);
      const resellerId = await target(principal, request.body.resellerId ?? before.reseller_id ?? undefined);
      const { ended, ...row } = await ctx.db.transaction(async (tx) => {
        const updated = await updateUser(
          tx,
          id,
          {
            ...request.body,
            groups: [],
            ...(self ? { role: before.role as Role, readOnly: before.read_only } : {}),
          },
          ctx.clock.now(),
        );
        await tx.query("update users set reseller_id = $2 where id = $1", [id, resellerId]);
        await recordAudit(
          ctx,
          principal,
          {
            resellerId,
            action: "update",
            entity: "user",
            entityId: String(id),
            data: { email: updated.email },
          },
          tx,
        );
        const after = { ...updated, reseller_id: resellerId };
        const ended = accessChanged(before, after)
          ? await endUserSessions(tx, ctx.clock, id, self ? principal.sessionId : undefined)
          : [];
        return { ...after, ended };
      });
      if (ended.length > 0) ctx.sessions.emit({ kind: "sessionsEnded", sessionIds: ended });
      ctx.sessions.emit({ kind: "usersChanged", userIds: [id] });
      return toApiUser(row);
    });

    mountRoute(app, usersApi.resellerRemove, async (request) => {
      const principal = principalOf(request);
      const id = request.params.id;
      if (id === principal.userId) throw forbidden("user.self");
      const before = await ownedUser(ctx, principal, id);
      await ctx.db.transaction(async (tx) => {
        await tx.query("delete from users where id = $1", [id]);
        await recordAudit(
          ctx,
          principal,
          {
            resellerId: before.reseller_id,
            action: "delete",
            entity: "user",
            entityId: String(id),
            data: { email: before.email },
          },
          tx,
        );
      });
      ctx.sessions.emit({ kind: "usersChanged", userIds: [id] });
      return { id };
    });
  };
}
