import { beaconZonesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { BeaconCache } from "./beacon-cache.ts";
import * as store from "./zones-store.ts";

/** Beacon zones under /companies/id/:companyId (company-wide: not restricted by groups). */
export function beaconZoneRoutes(ctx: KernelContext & { beacons: BeaconCache }): FastifyPluginAsyncZod {
  return async (app) => {
    const audit = (scope: CompanyScope, action: string, id: number, name: string) =>
      recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action,
        entity: "beaconZone",
        entityId: String(id),
        data: { name },
      });
    const checkBeacons = async (scope: CompanyScope, ids: number[]) => {
      if ((await store.foreignBeacons(ctx.db, scope.companyId, ids)).length > 0)
        throw badRequest("validation.failed", { beaconIds: "beaconZone.beaconUnknown" });
    };

    mountRoute(app, beaconZonesApi.list, async (request) =>
      store.listZones(ctx.db, scopeOf(request).companyId),
    );
    mountRoute(app, beaconZonesApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkBeacons(scope, request.body.beaconIds);
      const zone = await store.insertZone(ctx.db, scope.companyId, request.body, ctx.clock.now());
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "create", zone.id, zone.name);
      return zone;
    });
    mountRoute(app, beaconZonesApi.update, async (request) => {
      const scope = scopeOf(request);
      if (!(await store.getZone(ctx.db, scope.companyId, request.params.id))) throw notFound();
      await checkBeacons(scope, request.body.beaconIds);
      const zone = await store.updateZone(
        ctx.db,
        scope.companyId,
        request.params.id,
        request.body,
        ctx.clock.now(),
      );
      if (!zone) throw notFound();
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "update", zone.id, zone.name);
      return zone;
    });
    mountRoute(app, beaconZonesApi.remove, async (request) => {
      const scope = scopeOf(request);
      const zone = await store.getZone(ctx.db, scope.companyId, request.params.id);
      if (!zone) throw notFound();
      await store.deleteZone(ctx.db, scope.companyId, zone.id);
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "delete", zone.id, zone.name);
      return { ok: true };
    });
  };
}
