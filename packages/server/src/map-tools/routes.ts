import { mapToolsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { LiveState, TrackService } from "../live/index.ts";
import { buildCorridor } from "./corridor.ts";
import { dpaInfo } from "./dpa.ts";
import { deleteMarker, insertMarker, listMarkers, publishMarker, publishMarkerDeleted } from "./markers.ts";

/** The live map's server-backed tools, mounted under /companies/id/:companyId. */
export function mapToolRoutes(
  ctx: KernelContext & { tracks: TrackService; live: LiveState },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Only who may save a geozone gets one drawn for saving (the contract's access says so).
    mountRoute(app, mapToolsApi.corridor, async (request) => {
      const { line, widthM, toleranceM } = request.body;
      const corridor = buildCorridor(line, widthM, toleranceM);
      if (!corridor) throw new ApiError(400, "corridor.noLength", { line: "corridor.noLength" });
      return corridor;
    });

    mountRoute(app, mapToolsApi.dpa, async (request) => dpaInfo(ctx.db, scopeOf(request)));

    mountRoute(app, mapToolsApi.sensorHistory, async (request) =>
      ctx.tracks.sensorHistory(scopeOf(request), request.query),
    );

    mountRoute(app, mapToolsApi.markers, async (request) => listMarkers(ctx.db, scopeOf(request)));
    mountRoute(app, mapToolsApi.createMarker, async (request) => {
      const scope = scopeOf(request);
      const marker = await insertMarker(ctx.db, scope, request.body, ctx.clock.now());
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "mapMarker",
        entityId: String(marker.id),
        data: { name: marker.name, shared: marker.shared },
      });
      publishMarker(
        ctx.live,
        scope.companyId,
        marker,
        scope.principal.userId > 0 ? scope.principal.userId : null,
      );
      return marker;
    });
    mountRoute(app, mapToolsApi.removeMarker, async (request) => {
      const scope = scopeOf(request);
      const row = await deleteMarker(ctx.db, scope, request.params.id);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "mapMarker",
        entityId: String(row.id),
        data: { name: row.name },
      });
      publishMarkerDeleted(ctx.live, scope.companyId, row);
      return { id: row.id };
    });
  };
}
