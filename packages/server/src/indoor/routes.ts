import { BEACON_LAYOUTS, indoorApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { checkReferences, type Reference } from "../kernel/tenancy/references.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { BeaconCache } from "./beacon-cache.ts";
import { importBeacons } from "./import.ts";
import * as store from "./store.ts";

/** A floor plan named `file:<id>` must be one of the company's stored files; a path of this site names none. */
function planReferences(photoUrl: string | undefined): Reference[] {
  const file = /^file:(\d+)$/.exec(photoUrl ?? "");
  return file ? [{ field: "photoUrl", kind: "files", ids: [Number(file[1])] }] : [];
}

export type IndoorContext = KernelContext & { beacons: BeaconCache };

/** Indoor maps and beacons under /companies/id/:companyId (company-wide: not restricted by groups). */
export function indoorRoutes(ctx: IndoorContext): FastifyPluginAsyncZod {
  return async (app) => {
    const audit = (scope: CompanyScope, action: string, entity: string, id: number, name: string) =>
      recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action,
        entity,
        entityId: String(id),
        data: { name },
      });

    // ---- indoor maps ----
    mountRoute(app, indoorApi.maps, async (request) => store.listMaps(ctx.db, scopeOf(request).companyId));
    mountRoute(app, indoorApi.createMap, async (request) => {
      const scope = scopeOf(request);
      await checkReferences(ctx.db, scope, planReferences(request.body.photoUrl));
      const map = await store.insertMap(ctx.db, scope.companyId, request.body, ctx.clock.now());
      await audit(scope, "create", "indoorMap", map.id, map.name);
      return map;
    });
    mountRoute(app, indoorApi.updateMap, async (request) => {
      const scope = scopeOf(request);
      const stored = await store.getMap(ctx.db, scope.companyId, request.params.id);
      if (!stored) throw notFound();
      await checkReferences(
        ctx.db,
        scope,
        planReferences(request.body.photoUrl),
        planReferences(stored.photoUrl),
      );
      const map = await store.updateMap(
        ctx.db,
        scope.companyId,
        request.params.id,
        request.body,
        ctx.clock.now(),
      );
      if (!map) throw notFound();
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "update", "indoorMap", map.id, map.name);
      return map;
    });
    mountRoute(app, indoorApi.removeMap, async (request) => {
      const scope = scopeOf(request);
      const map = await store.getMap(ctx.db, scope.companyId, request.params.id);
      if (!map) throw notFound();
      await store.deleteMap(ctx.db, scope.companyId, map.id);
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "delete", "indoorMap", map.id, map.name);
      return { ok: true };
    });

    // ---- beacons ----
    mountRoute(app, indoorApi.beacons, async (request) =>
      store.listBeacons(ctx.db, scopeOf(request).companyId),
    );
    mountRoute(app, indoorApi.beaconInputs, async (request) => {
      const maps = Object.values(await store.listMaps(ctx.db, scopeOf(request).companyId));
      return {
        types: [...BEACON_LAYOUTS],
        maps: maps.map((m) => ({ id: m.id, name: m.name, level: m.level })),
      };
    });
    mountRoute(app, indoorApi.createBeacon, async (request) => {
      const scope = scopeOf(request);
      await checkBeacon(scope, request.body, null);
      const beacon = await store.insertBeacon(ctx.db, scope.companyId, request.body, ctx.clock.now());
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "create", "beacon", beacon.id, beacon.name);
      return beacon;
    });
    mountRoute(app, indoorApi.updateBeacon, async (request) => {
      const scope = scopeOf(request);
      if (!(await store.getBeacon(ctx.db, scope.companyId, request.params.id))) throw notFound();
      await checkBeacon(scope, request.body, request.params.id);
      const beacon = await store.updateBeacon(
        ctx.db,
        scope.companyId,
        request.params.id,
        request.body,
        ctx.clock.now(),
      );
      if (!beacon) throw notFound();
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "update", "beacon", beacon.id, beacon.name);
      return beacon;
    });
    mountRoute(app, indoorApi.removeBeacon, async (request) => {
      const scope = scopeOf(request);
      const beacon = await store.getBeacon(ctx.db, scope.companyId, request.params.id);
      if (!beacon) throw notFound();
      await store.deleteBeacon(ctx.db, scope.companyId, beacon.id);
      ctx.beacons.invalidate(scope.companyId);
      await audit(scope, "delete", "beacon", beacon.id, beacon.name);
      return { ok: true };
    });
    mountRoute(app, indoorApi.importBeacons, async (request) => {
      const scope = scopeOf(request);
      const result = await importBeacons(ctx, scope.companyId, request.body.rows, request.body.commit);
      if (result.inserted.length > 0) ctx.beacons.invalidate(scope.companyId);
      return result;
    });

    async function checkBeacon(
      scope: CompanyScope,
      body: store.BeaconValues,
      except: number | null,
    ): Promise<void> {
      const fields: Record<string, string> = {};
      if (!(await store.mapBelongs(ctx.db, scope.companyId, body.indoorMapId)))
        fields.indoorMapId = "indoor.mapUnknown";
      if (await store.uuidTaken(ctx.db, scope.companyId, body.uuid, except)) fields.uuid = "beacon.uuidTaken";
      if (Object.keys(fields).length > 0) throw badRequest("validation.failed", fields);
    }
  };
}
