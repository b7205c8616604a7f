import { type ForwardTarget, forwardingApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { Forwarder } from "./forwarder.ts";

interface Row {
  id: number;
  name: string;
  kind: ForwardTarget["kind"];
  url: string;
  topic: string;
  batch_size: number;
  active: boolean;
  has_secret: boolean;
  last_success_ts: string | null;
  last_error: string | null;
  last_error_ts: string | null;
  attempts: number;
  next_attempt_ts: string;
  backlog: string;
  dead: string;
}

const SELECT = `select t.id, t.name, t.kind, t.url, t.topic, t.batch_size, t.active, t.secret <> '' as has_secret,
  t.last_success_ts, t.last_error, t.last_error_ts, t.attempts, t.next_attempt_ts,
  (select count(*) from forward_queue q where q.target_id = t.id) as backlog,
  (select count(*) from forward_dead d where d.target_id = t.id) as dead
  from forward_targets t`;

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const toApi = (r: Row): ForwardTarget => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  url: r.url,
  topic: r.topic,
  batchSize: r.batch_size,
  active: r.active,
  hasSecret: r.has_secret,
  lastSuccessTs: num(r.last_success_ts),
  lastError: r.last_error,
  lastErrorTs: num(r.last_error_ts),
  attempts: r.attempts,
  nextAttemptTs: Number(r.next_attempt_ts),
  backlog: Number(r.backlog),
  dead: Number(r.dead),
});

/** A company's forwarding targets and their delivery status (administrators); secrets are never answered. */
export function forwardingRoutes(ctx: KernelContext & { forwarder: Forwarder }): FastifyPluginAsyncZod {
  const one = async (companyId: number, id: number): Promise<ForwardTarget> => {
    const rows = await ctx.db.query<Row>(`${SELECT} where t.id = $1 and t.company_id = $2`, [id, companyId]);
    if (!rows[0]) throw notFound();
    return toApi(rows[0]);
  };

  return async (app) => {
    mountRoute(app, forwardingApi.list, async (request) => {
      const scope = scopeOf(request);
      const rows = await ctx.db.query<Row>(`${SELECT} where t.company_id = $1 order by t.id`, [
        scope.companyId,
      ]);
      return rows.map(toApi);
    });

    mountRoute(app, forwardingApi.create, async (request) => {
      const scope = scopeOf(request);
      const b = request.body;
      const rows = await ctx.db.query<{ id: number }>(
        `insert into forward_targets (company_id, name, kind, url, secret, topic, batch_size, active, created_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [scope.companyId, b.name, b.kind, b.url, b.secret, b.topic, b.batchSize, b.active, ctx.clock.now()],
      );
      const id = rows[0]!.id;
      ctx.forwarder.invalidate(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "forwarding",
        entityId: String(id),
        data: { name: b.name, kind: b.kind, url: b.url },
      });
      return one(scope.companyId, id);
    });

    mountRoute(app, forwardingApi.update, async (request) => {
      const scope = scopeOf(request);
      const b = request.body;
      const rows = await ctx.db.query<{ id: number }>(
        `update forward_targets set name = $3, kind = $4, url = $5,
           secret = case when $6 = '' then secret else $6 end, topic = $7, batch_size = $8, active = $9,
           attempts = 0, next_attempt_ts = 0
         where id = $1 and company_id = $2 returning id`,
        [
          request.params.targetId,
          scope.companyId,
          b.name,
          b.kind,
          b.url,
          b.secret,
          b.topic,
          b.batchSize,
          b.active,
        ],
      );
      if (rows.length === 0) throw notFound();
      ctx.forwarder.invalidate(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "forwarding",
        entityId: String(request.params.targetId),
        data: { name: b.name, kind: b.kind, url: b.url, active: b.active },
      });
      void ctx.forwarder.drain();
      return one(scope.companyId, request.params.targetId);
    });

    mountRoute(app, forwardingApi.remove, async (request) => {
      const scope = scopeOf(request);
      const rows = await ctx.db.query<{ id: number }>(
        "delete from forward_targets where id = $1 and company_id = $2 returning id",
        [request.params.targetId, scope.companyId],
      );
      if (rows.length === 0) throw notFound();
      ctx.forwarder.invalidate(scope.companyId);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "forwarding",
        entityId: String(request.params.targetId),
      });
    });

    mountRoute(app, forwardingApi.retryDead, async (request) => {
      const scope = scopeOf(request);
      await one(scope.companyId, request.params.targetId);
      await ctx.db.transaction(async (tx) => {
        // Dead letters go back in their original order, ahead of nothing newer: ids are new, order is kept.
        await tx.query(
          `insert into forward_queue (target_id, payload, created_ts)
           select target_id, payload, created_ts from forward_dead where target_id = $1 order by id`,
          [request.params.targetId],
        );
        await tx.query("delete from forward_dead where target_id = $1", [request.params.targetId]);
        await tx.query("update forward_targets set attempts = 0, next_attempt_ts = 0 where id = $1", [
          request.params.targetId,
        ]);
      });
      void ctx.forwarder.drain();
      return one(scope.companyId, request.params.targetId);
    });
  };
}
