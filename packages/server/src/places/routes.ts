import { distanceM, type Geozone, placesApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import { ApiError, forbidden, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { importGeozones, importPois } from "./import.ts";
import type { PlacesContext } from "./live.ts";
import { publishGeozoneDeleted, publishGeozones, publishPoiDeleted, publishPois } from "./live.ts";
import * as store from "./store.ts";
import { checkWmsLayer } from "./wms.ts";

/** Geozones, POIs, WMS layers and "places at a point", mounted under /companies/id/:companyId. */
export function placesRoutes(ctx: PlacesContext & { egress: EgressGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    const audit = (
      scope: CompanyScope,
      action: string,
      entity: string,
      id: number,
      data?: Record<string, unknown>,
    ) =>
      recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action,
        entity,
        entityId: String(id),
        data,
      });

    // ---- geozones ----
    mountRoute(app, placesApi.geozones, async (request) => store.listGeozones(ctx.db, scopeOf(request)));
    mountRoute(app, placesApi.geozone, async (request) => {
      const zone = await store.getGeozone(ctx.db, scopeOf(request), request.params.id);
      if (!zone) throw notFound();
      return zone;
    });
    mountRoute(app, placesApi.createGeozone, async (request) => {
      const scope = scopeOf(request);
      await store.assertWritableGroup(ctx.db, scope, request.body.group);
      const zone = await store.insertGeozone(ctx.db, scope.companyId, request.body, ctx.clock.now());
      await audit(scope, "create", "geozone", zone.id, { name: zone.name });
      ctx.zones.invalidate(scope.companyId);
      publishGeozones(ctx, scope.companyId, [zone]);
      return zone;
    });
    mountRoute(app, placesApi.updateGeozone, async (request) => {
      const scope = scopeOf(request);
      const before = await writableGeozone(scope, request.params.id);
      await store.assertWritableGroup(ctx.db, scope, request.body.group);
      const zone = await store.updateGeozone(ctx.db, before.id, request.body, ctx.clock.now());
      await audit(scope, "update", "geozone", zone.id, { name: zone.name });
      ctx.zones.invalidate(scope.companyId);
      // Maps of the old group must drop it; maps of the new group get the whole geozone.
      if (before.group !== zone.group) publishGeozoneDeleted(ctx, scope.companyId, zone.id, before.group);
      publishGeozones(ctx, scope.companyId, [zone]);
      return zone;
    });
    mountRoute(app, placesApi.removeGeozone, async (request) => {
      const scope = scopeOf(request);
      const zone = await writableGeozone(scope, request.params.id);
      await store.deleteGeozone(ctx.db, zone.id);
      await audit(scope, "delete", "geozone", zone.id, { name: zone.name });
      ctx.zones.invalidate(scope.companyId);
      publishGeozoneDeleted(ctx, scope.companyId, zone.id, zone.group);
      return { ok: true };
    });
    mountRoute(app, placesApi.importGeozones, async (request) => {
      const scope = scopeOf(request);
      return importGeozones(ctx, scope, request.body.rows, request.body.commit);
    });

    // ---- points of interest ----
    mountRoute(app, placesApi.pois, async (request) => store.listPois(ctx.db, scopeOf(request)));
    mountRoute(app, placesApi.poi, async (request) => {
      const poi = await store.getPoi(ctx.db, scopeOf(request), request.params.id);
      if (!poi) throw notFound();
      return poi;
    });
    mountRoute(app, placesApi.createPoi, async (request) => {
      const scope = scopeOf(request);
      await store.assertWritableGroup(ctx.db, scope, request.body.group);
      const poi = await store.insertPoi(ctx.db, scope.companyId, request.body, ctx.clock.now());
      await audit(scope, "create", "poi", poi.id, { name: poi.name });
      ctx.zones.invalidate(scope.companyId);
      publishPois(ctx, scope.companyId, [poi]);
      return poi;
    });
    mountRoute(app, placesApi.updatePoi, async (request) => {
      const scope = scopeOf(request);
      const before = await writablePoi(scope, request.params.id);
      await store.assertWritableGroup(ctx.db, scope, request.body.group);
      const poi = await store.updatePoi(ctx.db, before.id, request.body, ctx.clock.now());
      await audit(scope, "update", "poi", poi.id, { name: poi.name });
      ctx.zones.invalidate(scope.companyId);
      // Maps of the old group must drop it; maps of the new group get the full POI.
      if (before.group !== poi.group) publishPoiDeleted(ctx, scope.companyId, poi.id, before.group);
      publishPois(ctx, scope.companyId, [poi]);
      return poi;
    });
    mountRoute(app, placesApi.removePoi, async (request) => {
      const scope = scopeOf(request);
      const poi = await writablePoi(scope, request.params.id);
      await store.deletePoi(ctx.db, poi.id);
      await audit(scope, "delete", "poi", poi.id, { name: poi.name });
      ctx.zones.invalidate(scope.companyId);
      publishPoiDeleted(ctx, scope.companyId, poi.id, poi.group);
      return { ok: true };
    });
    mountRoute(app, placesApi.importPois, async (request) => {
      const scope = scopeOf(request);
      return importPois(ctx, scope, request.body.rows, request.body.commit);
    });

    // ---- WMS layers (company-wide) ----
    mountRoute(app, placesApi.layers, async (request) =>
      store.listLayers(ctx.db, scopeOf(request).companyId),
    );
    mountRoute(app, placesApi.createLayer, async (request) => {
      const scope = scopeOf(request);
      await assertWmsUsable(ctx.egress, request.body.url, request.body.name);
      const layer = await store.insertLayer(ctx.db, scope.companyId, request.body, ctx.clock.now());
      await audit(scope, "create", "wmsLayer", layer.id, { url: layer.url, name: layer.name });
      return layer;
    });
    mountRoute(app, placesApi.updateLayer, async (request) => {
      const scope = scopeOf(request);
      const before = await store.getLayer(ctx.db, scope.companyId, request.params.id);
      if (!before) throw notFound();
      if (before.url !== request.body.url || before.name !== request.body.name)
        await assertWmsUsable(ctx.egress, request.body.url, request.body.name);
      const layer = await store.updateLayer(ctx.db, before.id, request.body);
      await audit(scope, "update", "wmsLayer", layer.id, { url: layer.url, name: layer.name });
      return layer;
    });
    mountRoute(app, placesApi.removeLayer, async (request) => {
      const scope = scopeOf(request);
      const layer = await store.getLayer(ctx.db, scope.companyId, request.params.id);
      if (!layer) throw notFound();
      await store.deleteLayer(ctx.db, layer.id);
      await audit(scope, "delete", "wmsLayer", layer.id, { url: layer.url, name: layer.name });
      return { ok: true };
    });

    // ---- which places a point is in (item detail: "inside geozone X") ----
    mountRoute(app, placesApi.at, async (request) => {
      const scope = scopeOf(request);
      const p = request.query;
      const zones = await ctx.zones.get(scope.companyId);
      const visible = (id: number): boolean => {
        const group = zones.meta.get(id)?.group ?? null;
        return scope.groupIds === null || group === null || scope.groupIds.includes(group);
      };
      const name = (id: number): string => zones.meta.get(id)?.name ?? "";
      const geozones = zones.geozones
        .containing(p)
        .filter(visible)
        .map((id) => ({ id, name: name(id) }));
      const pois = zones.pois
        .containing(p)
        .filter(visible)
        .map((id) => {
          const zone = zones.byId.get(id);
          const d = zone?.kind === "circle" ? distanceM(p, zone.center) : 0;
          return { id, name: name(id), distanceM: Math.round(d) };
        })
        .sort((a, b) => a.distanceM - b.distanceM);
      return { geozones, pois };
    });

    /** A place the caller may see and change: invisible is 404, visible but company-wide for a scoped user 403. */
    async function writableGeozone(scope: CompanyScope, id: number): Promise<Geozone> {
      const zone = await store.getGeozone(ctx.db, scope, id);
      if (!zone) throw notFound();
      if (scope.groupIds !== null && zone.group === null) throw forbidden();
      return zone;
    }
    async function writablePoi(scope: CompanyScope, id: number) {
      const poi = await store.getPoi(ctx.db, scope, id);
      if (!poi) throw notFound();
      if (scope.groupIds !== null && poi.group === null) throw forbidden();
      return poi;
    }
  };
}

async function assertWmsUsable(egress: EgressGuard, url: string, name: string): Promise<void> {
  const error = await checkWmsLayer(egress, url, name);
  if (error) throw new ApiError(400, error, { url: error });
}
