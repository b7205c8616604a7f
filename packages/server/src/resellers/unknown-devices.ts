import { devicesApi, type UnknownDevice } from "@vigia/domain";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { notFound } from "../kernel/errors.ts";
import { principalOf } from "../kernel/http/authenticate.ts";

/**
 * The unknown-devices list: identifiers the gateways heard but no reseller has registered. The
 * table has no owner (an unregistered device belongs to nobody yet), so every reseller-level user sees it;
 * the caller's hook already refuses company roles.
 */
export function registerUnknownDeviceRoutes(app: FastifyInstance, ctx: KernelContext): void {
  mountRoute(app, devicesApi.unknown, async () => {
    // The ingest registry keeps a row even after registration; hide those rather than race its cleanup.
    const rows = await ctx.db.query<UnknownDevice>(
      `select u.device_id as "deviceId", u.protocol, u.remote, u.first_seen_ts as "firstSeenTs",
         u.last_seen_ts as "lastSeenTs", u.messages
       from unknown_devices u
       where not exists (select 1 from devices d where d.device_id = u.device_id)
       order by u.last_seen_ts desc`,
    );
    return Object.fromEntries(rows.map((r) => [r.deviceId, r]));
  });
  mountRoute(app, devicesApi.dismissUnknown, async (request) => {
    const principal = principalOf(request);
    const { deviceId } = request.params;
    const removed = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<{ deviceId: string }>(
        `delete from unknown_devices where device_id = $1 returning device_id as "deviceId"`,
        [deviceId],
      );
      if (rows.length === 0) return false;
      await recordAudit(
        ctx,
        principal,
        {
          resellerId: principal.resellerId ?? null,
          action: "delete",
          entity: "unknownDevice",
          entityId: deviceId,
        },
        tx,
      );
      return true;
    });
    if (!removed) throw notFound();
    return { deviceId };
  });
}
