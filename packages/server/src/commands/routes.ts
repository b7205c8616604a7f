import {
  COMMAND_QUEUE_TTL_MS,
  commandsApi,
  commandsForItem,
  type DeviceCommand,
  type DeviceCommandKind,
  deviceCommandKindSchema,
  effectiveCommandStatus,
  itemRefusal,
  maySendCommands,
} from "@vigia/domain";
import { commandsOf, commandText, unansweredCommandsOf } from "@vigia/protocols";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DeviceCommandQueue } from "../ingest/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, badRequest, forbidden } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import {
  type CommandRow,
  commandById,
  insertCommand,
  itemDevice,
  operatorsMaySend,
  recentCommands,
  type Target,
} from "./store.ts";

export type CommandsContext = KernelContext & { deviceCommands: DeviceCommandQueue };

/** How many of an item's commands the panel shows. */
const HISTORY = 20;

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The item in the caller's scope (404 otherwise) and the device on it, if any. */
async function targetOf(
  ctx: KernelContext,
  scope: CompanyScope,
  itemType: 1 | 2 | 3,
  itemId: number,
): Promise<Target | null> {
  await visibleItem(ctx.db, scope, ITEM_TABLE[itemType], itemId);
  return itemDevice(ctx.db, scope.companyId, itemType, itemId);
}

/** Whether the caller may send: the role rule of the domain, with the company's operator setting. */
async function allowed(ctx: KernelContext, scope: CompanyScope): Promise<boolean> {
  const p = scope.principal;
  return maySendCommands(p.role, p.readOnly, await operatorsMaySend(ctx.db, scope.companyId));
}

function commandOf(row: CommandRow, now: number): DeviceCommand {
  const c = {
    id: row.id,
    kind: deviceCommandKindSchema.catch("custom").parse(row.kind),
    text: row.text,
    status: row.status,
    result: row.result,
    createdTs: Number(row.created_ts),
    sentTs: num(row.sent_ts),
    answeredTs: num(row.answered_ts),
    expiresTs: Number(row.expires_ts),
    by: row.created_by,
  };
  return { ...c, status: effectiveCommandStatus(c, now) };
}

/** Commands to an item's device from the map, under /companies/id/:companyId. */
export function commandRoutes(ctx: CommandsContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Who may send is decided before the body is read (SECURITY.md): the role rule needs the company's
    // setting, so this plugin adds its own check behind the contract's declared access (read-only first).
    app.addHook("preParsing", async (request, _reply, payload) => {
      if (request.method === "POST" && !(await allowed(ctx, scopeOf(request)))) throw forbidden();
      return payload;
    });
    mountRoute(app, commandsApi.list, async (request) => {
      const scope = scopeOf(request);
      const { itemType, itemId } = request.params;
      const type = itemType as 1 | 2 | 3;
      const target = await targetOf(ctx, scope, type, itemId);
      if (target) await ctx.deviceCommands.expire(target.imei);
      const rows = await recentCommands(ctx.db, scope.companyId, type, itemId, HISTORY);
      const now = ctx.clock.now();
      const available = target ? commandsForItem(type, commandsOf(target.protocol), target.vehicleType) : [];
      const unanswered = target ? unansweredCommandsOf(target.protocol) : [];
      return {
        available,
        unanswered: available.filter((k) => unanswered.includes(k)),
        allowed: await allowed(ctx, scope),
        connected: target ? ctx.deviceCommands.connected(target.imei) : false,
        commands: rows.map((r) => commandOf(r, now)),
      };
    });

    mountRoute(app, commandsApi.send, async (request) => {
      const scope = scopeOf(request);
      const { itemType, itemId } = request.params;
      const type = itemType as 1 | 2 | 3;
      const target = await targetOf(ctx, scope, type, itemId);
      if (!target) throw new ApiError(409, "command.noDevice");
      const kind: DeviceCommandKind = request.body.kind;
      // Refused before anything is queued: a command the device cannot take would only ever time out.
      if (itemRefusal(type, kind, target.vehicleType) === "noEngine")
        throw badRequest("command.noEngine", { kind: "noEngine" });
      if (!commandsOf(target.protocol).includes(kind))
        throw badRequest("command.unsupported", { kind: "unsupported" });
      const text = commandText(target.protocol, kind, request.body.text);
      if (text === null) throw badRequest("command.unsupported", { text: "unsupported" });
      const now = ctx.clock.now();
      const rows = await ctx.db.transaction(async (tx) => {
        const inserted = await insertCommand(tx, {
          companyId: scope.companyId,
          target,
          itemType: type,
          itemId,
          kind,
          text,
          createdBy: scope.principal.email,
          createdTs: now,
          expiresTs: now + COMMAND_QUEUE_TTL_MS,
        });
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "command",
            entity: "device",
            entityId: String(target.deviceId),
            data: { kind, text, itemType: type, itemId, commandId: inserted.id },
          },
          tx,
        );
        return inserted;
      });
      await ctx.deviceCommands.deliver(target.imei);
      const fresh = await commandById(ctx.db, rows.id);
      return commandOf(fresh ?? rows, ctx.clock.now());
    });
  };
}
