import { devicesApi, type QuarantinedFrame } from "@vigia/domain";
import type { FastifyInstance } from "fastify";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { principalOf } from "../kernel/http/authenticate.ts";
import { visibleResellerIds } from "../kernel/tenancy/scope.ts";

/**
 * The ingest quarantine: positions kept apart instead of stored, beside the unknown devices. A
 * reseller sees the rows of its subtree's devices and companies; the provider (super reseller) sees all,
 * orphans included. The caller's hook already refuses company roles.
 */
export function registerQuarantineRoutes(app: FastifyInstance, ctx: KernelContext): void {
  mountRoute(app, devicesApi.quarantine, async (request) => {
    const allowed = await visibleResellerIds(ctx.db, principalOf(request));
    const q = request.query;
    const where = `($1::int[] is null or d.reseller_id = any($1::int[]) or c.reseller_id = any($1::int[]))
      and ($2::text is null or q.imei = $2) and ($3::text is null or q.protocol = $3)
      and ($4::text is null or q.reason = $4)
      and ($5::bigint is null or q.received_ts >= $5) and ($6::bigint is null or q.received_ts < $6)`;
    const from = `from ingest_quarantine q left join devices d on d.id = q.device_id
      left join companies c on c.id = q.company_id`;
    const filters = [
      allowed,
      q.imei ?? null,
      q.protocol ?? null,
      q.reason ?? null,
      q.from ?? null,
      q.to ?? null,
    ];
    const [count] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n ${from} where ${where}`,
      filters,
    );
    const rows = await ctx.db.query<QuarantinedFrame>(
      `select q.id::float8 as id, q.received_ts::float8 as "receivedTs", q.imei, q.protocol, q.reason, q.error,
         q.device_id as "deviceId", q.company_id as "companyId", c.name as "companyName",
         q.raw_format as "rawFormat", q.raw, q.position
       ${from} where ${where}
       order by q.received_ts desc, q.id desc limit $7 offset $8`,
      [...filters, q.limit, q.offset],
    );
    return { total: count?.n ?? 0, rows };
  });
}
