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

export type CommandsContext = KernelContext & { deviceCommands: DeviceCommandQueue };

/** How many of an item's commands the panel shows. */
const HISTORY = 20;

interface Target {
  deviceId: number;
  imei: string;
  protocol: string;
  /** The vehicle's type when the item is a vehicle (a bicycle has no engine to stop). */
  vehicleType: string | null;
}

interface CommandRow {
  id: number;
  kind: string;
  text: string;
  status: DeviceCommand["status"];
  result: string | null;
  created_ts: string | number;
  sent_ts: string | number | null;
  answered_ts: string | number | null;
  expires_ts: string | number;
  created_by: string;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The item in the caller's scope (404 otherwise) and the device on it, if any. */
async function targetOf(
  ctx: KernelContext,
  scope: CompanyScope,
  itemType: 1 | 2 | 3,
  itemId: number,
): Promise<Target | null> {
  await visibleItem(ctx.db, scope, ITEM_TABLE[itemType], itemId);
  const devices = await ctx.db.query<{
    id: number;
    device_id: string;
    proto: string;
    vehicle_type: string | null;
  }>(
    `select d.id, d.device_id, t.proto, v.type as vehicle_type from devices d join device_types t on t.id = d.type_id
     left join vehicles v on d.item_type = 1 and v.id = d.item_id
     where d.company_id = $1 and d.item_type = $2 and d.item_id = $3 order by d.id limit 1`,
    [scope.companyId, itemType, itemId],
  );
  const d = devices[0];
  return d ? { deviceId: d.id, imei: d.device_id, protocol: d.proto, vehicleType: d.vehicle_type } : null;
}

/** Whether the caller may send: the role rule of the domain, with the company's operator setting. */
async function allowed(ctx: KernelContext, scope: CompanyScope): Promise<boolean> {
  const rows = await ctx.db.query<{ operators: boolean | null }>(
    "select (conf->'commands'->>'operators')::boolean as operators from companies where id = $1",
    [scope.companyId],
  );
  const p = scope.principal;
  return maySendCommands(p.role, p.readOnly, rows[0]?.operators === true);
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

const COLUMNS = "id, kind, text, status, result, created_ts, sent_ts, answered_ts, expires_ts, created_by";

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
      const rows = await ctx.db.query<CommandRow>(
        `select ${COLUMNS} from device_commands where company_id = $1 and item_type = $2 and item_id = $3
         order by id desc limit ${HISTORY}`,
        [scope.companyId, type, itemId],
      );
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
        const inserted = await tx.query<CommandRow>(
          `insert into device_commands (company_id, device_id, imei, protocol, item_type, item_id, kind, text,
             created_by, created_ts, expires_ts)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${COLUMNS}`,
          [
            scope.companyId,
            target.deviceId,
            target.imei,
            target.protocol,
            type,
            itemId,
            kind,
            text,
            scope.principal.email,
            now,
            now + COMMAND_QUEUE_TTL_MS,
          ],
        );
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "command",
            entity: "device",
            entityId: String(target.deviceId),
            data: { kind, text, itemType: type, itemId, commandId: inserted[0]!.id },
          },
          tx,
        );
        return inserted;
      });
      const id = rows[0]!.id;
      await ctx.deviceCommands.deliver(target.imei);
      const fresh = await ctx.db.query<CommandRow>(`select ${COLUMNS} from device_commands where id = $1`, [
        id,
      ]);
      return commandOf(fresh[0] ?? rows[0]!, ctx.clock.now());
    });
  };
}
