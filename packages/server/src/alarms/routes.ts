import {
  type AlarmLog,
  type AlarmRuleInput,
  alarmRuleErrors,
  alarmsApi,
  BEACON_ZONE_FAMILIES,
  DAY_MS,
  EVENT_FAMILY,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { beaconZoneName } from "../indoor/index.ts";
import { itinerariesShown } from "../itineraries/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { Principal } from "../kernel/tenancy/principal.ts";
import { checkReferences } from "../kernel/tenancy/references.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { ruleReferences } from "./rule-references.ts";
import { rulesInScope } from "./rule-scope.ts";
import type { AlarmService } from "./service.ts";
import {
  changeState,
  companyCras,
  deleteLog,
  deleteRule,
  insertRule,
  listRules,
  logOf,
  markSeen,
  queryLogs,
  removePushSubscription,
  savePushSubscription,
  unseenCount,
  updateRule,
} from "./store.ts";
import { familyNames, priorityNames } from "./texts.ts";

/** The routes reload rules and publish notice changes through the running alarm service. */
export type AlarmRoutesContext = KernelContext & { alarms: AlarmService };

/**
 * The same conditions the form uses to disable save, as a 400 with the same field keys; and what only the
 * server can check: a beacon-zone rule's zone (0 = any) must be one of the company's own.
 */
async function validate(
  db: Queryable,
  scope: CompanyScope,
  rule: AlarmRuleInput,
  stored?: AlarmRuleInput,
): Promise<void> {
  const companyId = scope.companyId;
  const errors = alarmRuleErrors(rule);
  const zone = rule.info.value ?? 0;
  if (
    !errors["info.value"] &&
    BEACON_ZONE_FAMILIES.has(rule.info.family ?? 0) &&
    zone > 0 &&
    (await beaconZoneName(db, companyId, zone)) === null
  )
    errors["info.value"] = "invalid";
  if (Object.keys(errors).length > 0) throw badRequest("validation.failed", errors);
  await checkReferences(db, scope, ruleReferences(rule), stored && ruleReferences(stored));
}

/** The families a company's rules may use: the itinerary family only while its itineraries are shown to it. */
async function offeredFamilies(db: Queryable, companyId: number): Promise<ReturnType<typeof familyNames>> {
  const families = familyNames();
  if (!(await itinerariesShown(db, companyId))) delete families[String(EVENT_FAMILY.itinerary)];
  return families;
}

export const byId = <T extends { id: number }>(list: T[]): Record<string, T> =>
  Object.fromEntries(list.map((x) => [x.id, x]));

/** A rule just written and read back; gone only if another request deleted it in between. */
function found<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

/** Changes a notice's state in scope, records who and why, and tells the live channel. */
export async function updateLogState(
  ctx: AlarmRoutesContext,
  scope: { companyIds: number[]; groupIds: number[] | null; principal: Principal },
  logId: number,
  body: { value: 0 | 1 | 2; text: string },
): Promise<AlarmLog> {
  const entry = { value: body.value, ts: ctx.clock.now(), by: scope.principal.email, text: body.text };
  const row = await changeState(ctx.db, scope, logId, entry);
  if (!row) throw notFound();
  const log = logOf(row);
  ctx.alarms.publish(
    log.companyId,
    log,
    { type: "alarmlogState", data: { id: log.id, state: log.state } },
    row.group_id,
  );
  return log;
}

const logScope = (scope: CompanyScope) => ({
  companyIds: [scope.companyId],
  groupIds: scope.groupIds,
  principal: scope.principal,
});

/** Alarm rules, notices and push subscriptions of one company. */
export function alarmRoutes(ctx: AlarmRoutesContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, alarmsApi.inputs, async (request) => ({
      families: await offeredFamilies(ctx.db, scopeOf(request).companyId),
      priorities: Object.fromEntries(
        Object.entries(priorityNames()).map(([id, names]) => [
          id,
          { id: Number(id), name: names.en.toLowerCase(), names },
        ]),
      ),
    }));

    mountRoute(app, alarmsApi.rules, async (request) => {
      const scope = scopeOf(request);
      return byId(await rulesInScope(ctx.db, scope, await listRules(ctx.db, scope.companyId)));
    });

    mountRoute(app, alarmsApi.rule, async (request) => {
      const scope = scopeOf(request);
      const [rule] = await rulesInScope(
        ctx.db,
        scope,
        await listRules(ctx.db, scope.companyId, request.params.alarmId),
      );
      if (!rule) throw notFound();
      return rule;
    });

    mountRoute(app, alarmsApi.createRule, async (request) => {
      const scope = scopeOf(request);
      await validate(ctx.db, scope, request.body);
      // A new itinerary rule only where itineraries are shown; one made before they were switched off stays editable.
      if (
        request.body.info.family === EVENT_FAMILY.itinerary &&
        !(await itinerariesShown(ctx.db, scope.companyId))
      )
        throw badRequest("validation.failed", { "info.family": "itinerary.disabled" });
      const now = ctx.clock.now();
      const id = await insertRule(ctx.db, scope.companyId, request.body, now);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "alarm",
        entityId: String(id),
      });
      ctx.alarms.invalidate(scope.companyId);
      return found((await listRules(ctx.db, scope.companyId, id))[0]);
    });

    mountRoute(app, alarmsApi.updateRule, async (request) => {
      const scope = scopeOf(request);
      // Out of the caller's scope is the same 404 as missing (the route is for administrators today).
      const [existing] = await rulesInScope(
        ctx.db,
        scope,
        await listRules(ctx.db, scope.companyId, request.params.alarmId),
      );
      if (!existing) throw notFound();
      const rule = request.body;
      await validate(ctx.db, scope, rule, existing);
      // Item type and family are fixed once the rule exists.
      const fixed: Record<string, string> = {};
      if (rule.items.itemsType !== existing.items.itemsType) fixed["items.itemsType"] = "readOnly";
      if (rule.info.family !== existing.info.family) fixed["info.family"] = "readOnly";
      if (Object.keys(fixed).length > 0) throw badRequest("validation.failed", fixed);
      await updateRule(ctx.db, scope.companyId, existing.id, rule, ctx.clock.now());
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "alarm",
        entityId: String(existing.id),
      });
      ctx.alarms.invalidate(scope.companyId);
      return found((await listRules(ctx.db, scope.companyId, existing.id))[0]);
    });

    mountRoute(app, alarmsApi.removeRule, async (request) => {
      const scope = scopeOf(request);
      const [existing] = await rulesInScope(
        ctx.db,
        scope,
        await listRules(ctx.db, scope.companyId, request.params.alarmId),
      );
      if (!existing) throw notFound();
      if (!(await deleteRule(ctx.db, scope.companyId, request.params.alarmId))) throw notFound();
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "alarm",
        entityId: String(request.params.alarmId),
      });
      ctx.alarms.invalidate(scope.companyId);
      return { ok: true };
    });

    mountRoute(app, alarmsApi.notices, async (request) => {
      const scope = scopeOf(request);
      const logs = await queryLogs(ctx.db, {
        companyIds: [scope.companyId],
        groupIds: scope.groupIds,
        userId: scope.principal.userId,
        fromTs: request.query.from_ts,
        toTs: request.query.to_ts,
      });
      return byId(logs);
    });

    mountRoute(app, alarmsApi.unseen, async (request) => {
      const scope = scopeOf(request);
      const since = ctx.clock.now() - 30 * DAY_MS;
      return { count: await unseenCount(ctx.db, scope, scope.principal.userId, since) };
    });

    mountRoute(app, alarmsApi.setNoticeState, async (request) =>
      updateLogState(ctx, logScope(scopeOf(request)), request.params.logId, request.body),
    );

    mountRoute(app, alarmsApi.removeNotice, async (request) => {
      const scope = scopeOf(request);
      const row = await deleteLog(ctx.db, scope.companyId, request.params.logId);
      if (!row) throw notFound();
      ctx.alarms.publish(
        scope.companyId,
        { itemType: row.itemType, itemId: row.itemId },
        { type: "alarmlogDelete", data: { id: row.id } },
        row.groupId,
      );
      return { ok: true };
    });

    mountRoute(app, alarmsApi.updateBulk, async (request) => {
      const scope = scopeOf(request);
      const updated: AlarmLog[] = [];
      const noupdated: { alarmlogId: number; error: string }[] = [];
      for (const id of [...new Set(request.body.alarmLogIds)]) {
        try {
          updated.push(
            await updateLogState(ctx, logScope(scope), id, {
              value: request.body.value,
              text: request.body.text,
            }),
          );
        } catch (error) {
          noupdated.push({ alarmlogId: id, error: error instanceof Error ? error.message : "error" });
        }
      }
      return { updated, noupdated };
    });

    mountRoute(app, alarmsApi.seen, async (request) => {
      const scope = scopeOf(request);
      await markSeen(ctx.db, scope, scope.principal.userId, [request.params.logId], ctx.clock.now());
      const found = await queryLogs(ctx.db, {
        ...logScope(scope),
        userId: scope.principal.userId,
        ids: [request.params.logId],
      });
      if (!found[0]) throw notFound();
      return found[0];
    });

    mountRoute(app, alarmsApi.seenBulk, async (request) => {
      const scope = scopeOf(request);
      const ids = request.body.alarmLogIds;
      const seen = await markSeen(ctx.db, scope, scope.principal.userId, ids, ctx.clock.now());
      return { seen };
    });

    mountRoute(app, alarmsApi.pushKey, async () => {
      const keys = await ctx.alarms.notifier.vapidKeys();
      return { publicKey: keys?.publicKey ?? null };
    });

    mountRoute(app, alarmsApi.pushSubscribe, async (request) => {
      const scope = scopeOf(request);
      await savePushSubscription(ctx.db, scope.principal.userId, request.body, ctx.clock.now());
      return { ok: true };
    });

    mountRoute(app, alarmsApi.pushUnsubscribe, async (request) => {
      await removePushSubscription(ctx.db, scopeOf(request).principal.userId, request.body.endpoint);
      return { ok: true };
    });

    mountRoute(app, alarmsApi.cras, async (request) => {
      const rows = await companyCras(ctx.db, scopeOf(request).companyId);
      return byId(rows);
    });
  };
}
