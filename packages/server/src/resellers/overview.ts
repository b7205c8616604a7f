import {
  type LicenceStanding,
  licenceStanding,
  RESELLER_ONLINE_WINDOW_MS,
  type ResellerOverview,
  resellersApi,
} from "@vigia/domain";
import type { FastifyInstance } from "fastify";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import { countOpenTickets } from "../tickets/index.ts";

/**
 * GET resellers/id/{id}/overview: the reseller block's counts over the reseller's subtree. Devices are the
 * subtree's own (registered to one of its resellers, or installed in one of its companies); an item that
 * reported within RESELLER_ONLINE_WINDOW_MS counts its device online. Unknown devices belong to nobody yet,
 * so every reseller sees the same count as the unknown-devices list.
 */
export function registerOverviewRoute(app: FastifyInstance, ctx: KernelContext): void {
  mountRoute(app, resellersApi.overview, async (request): Promise<ResellerOverview> => {
    const ids = resellerScopeOf(request).resellerIds;
    const since = ctx.clock.now() - RESELLER_ONLINE_WINDOW_MS;
    const companies = await ctx.db.query<{
      state: number;
      n: number;
      vt: number;
      vb: number;
      at: number;
      ab: number;
    }>(
      `select state, count(*)::int as n,
         coalesce(sum((licenses->>'vehicleTotal')::int), 0)::int as vt,
         coalesce(sum((licenses->>'vehicleBillable')::int), 0)::int as vb,
         coalesce(sum((licenses->>'assetTotal')::int), 0)::int as at,
         coalesce(sum((licenses->>'assetBillable')::int), 0)::int as ab
       from companies where reseller_id = any($1::int[]) group by state`,
      [ids],
    );
    const usage = await ctx.db.query<{ vt: number; at: number; v: number; a: number }>(
      `select coalesce((c.licenses->>'vehicleTotal')::int, 0) as vt, coalesce((c.licenses->>'assetTotal')::int, 0) as at,
         (select count(*) from vehicles v where v.company_id = c.id)::int as v,
         (select count(*) from assets a where a.company_id = c.id)::int as a
       from companies c where c.reseller_id = any($1::int[])`,
      [ids],
    );
    const standings = usage.map((u) => [licenceStanding(u.v, u.vt), licenceStanding(u.a, u.at)]);
    const atLimit = (pair: LicenceStanding[]) => pair.some((s) => s === "full" || s === "over");
    // A company at one limit and near the other counts once, as at its limit.
    const [devices] = await ctx.db.query<{ online: number; offline: number; never: number }>(
      `select count(*) filter (where s.updated_ts >= $2)::int as online,
         count(*) filter (where d.first_connect_ts is not null and (s.updated_ts is null or s.updated_ts < $2))::int as offline,
         count(*) filter (where d.first_connect_ts is null and (s.updated_ts is null or s.updated_ts < $2))::int as never
       from devices d
       left join companies c on c.id = d.company_id
       left join item_state s on d.item_id is not null and s.item_type = d.item_type and s.item_id = d.item_id
       where d.reseller_id = any($1::int[]) or c.reseller_id = any($1::int[])`,
      [ids, since],
    );
    const [unknown] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from unknown_devices u
       where not exists (select 1 from devices d where d.device_id = u.device_id)`,
    );
    const [quarantined] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from ingest_quarantine q left join devices d on d.id = q.device_id
         left join companies c on c.id = q.company_id
       where d.reseller_id = any($1::int[]) or c.reseller_id = any($1::int[])`,
      [ids],
    );
    const tickets = await countOpenTickets(ctx.db, { kind: "reseller", resellerIds: ids });
    const sum = (pick: (r: (typeof companies)[number]) => number) =>
      companies.reduce((acc, r) => acc + pick(r), 0);
    return {
      companies: {
        total: sum((r) => r.n),
        byState: Object.fromEntries(companies.map((r) => [String(r.state), r.n])),
      },
      licenses: {
        vehicleTotal: sum((r) => r.vt),
        vehicleBillable: sum((r) => r.vb),
        assetTotal: sum((r) => r.at),
        assetBillable: sum((r) => r.ab),
      },
      licensesUsed: {
        vehicles: usage.reduce((acc, u) => acc + u.v, 0),
        assets: usage.reduce((acc, u) => acc + u.a, 0),
        companiesNear: standings.filter((p) => !atLimit(p) && p.includes("near")).length,
        companiesFull: standings.filter(atLimit).length,
      },
      devices: {
        online: devices?.online ?? 0,
        offline: devices?.offline ?? 0,
        neverSeen: devices?.never ?? 0,
      },
      unknownDevices: unknown?.n ?? 0,
      quarantined: quarantined?.n ?? 0,
      openServiceRequests: tickets.serviceRequests,
    };
  });
}
