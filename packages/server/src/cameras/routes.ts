import { CAMERA_TYPES, type Camera, camerasApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileTypeFromBuffer } from "file-type";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { EgressError, type EgressGuard } from "../kernel/egress.ts";
import { ApiError, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { camerasOf, deleteCamera, insertCamera, updateCamera } from "./store.ts";

/** A still image is small; a camera that answers more, or slowly, is not waited for. */
const SNAPSHOT_MAX_BYTES = 4 * 1024 * 1024;
const SNAPSHOT_TIMEOUT_MS = 8000;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

async function oneCamera(ctx: KernelContext, scope: CompanyScope, id: number): Promise<Camera> {
  const camera = (await camerasOf(ctx.db, scope, { id }))[0];
  if (!camera) throw notFound();
  return camera;
}

/**
 * Cameras attached to vehicles: CRUD for subadministrators and above, a list for whoever sees the vehicle,
 * and the snapshot, which the server fetches through the egress guard (a company-given URL must not reach
 * an internal address, and the browser never loads it, so it cannot leak the viewer's session or address).
 */
export function cameraRoutes(ctx: KernelContext & { egress: EgressGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, camerasApi.inputs, async () => ({ types: [...CAMERA_TYPES] }));

    mountRoute(app, camerasApi.list, async (request) =>
      camerasOf(ctx.db, scopeOf(request), { vehicleId: request.query.vehicleId }),
    );

    mountRoute(app, camerasApi.create, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      await visibleItem(ctx.db, scope, "vehicles", body.vehicleId);
      const now = ctx.clock.now();
      const id = await insertCamera(ctx.db, scope, body, now);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "camera",
        entityId: String(id),
        data: { name: body.name, vehicleId: body.vehicleId },
      });
      return oneCamera(ctx, scope, id);
    });

    mountRoute(app, camerasApi.update, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      await oneCamera(ctx, scope, request.params.id);
      await visibleItem(ctx.db, scope, "vehicles", body.vehicleId);
      await updateCamera(ctx.db, scope, request.params.id, body, ctx.clock.now());
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "camera",
        entityId: String(request.params.id),
        data: { name: body.name, vehicleId: body.vehicleId },
      });
      return oneCamera(ctx, scope, request.params.id);
    });

    mountRoute(app, camerasApi.remove, async (request) => {
      const scope = scopeOf(request);
      await oneCamera(ctx, scope, request.params.id);
      await deleteCamera(ctx.db, scope, request.params.id);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "camera",
        entityId: String(request.params.id),
      });
    });

    mountRoute(app, camerasApi.snapshot, async (request, reply) => {
      const camera = await oneCamera(ctx, scopeOf(request), request.params.id);
      if (!camera.snapshotUrl) throw notFound();
      let body: Buffer;
      try {
        const response = await ctx.egress.fetch(camera.snapshotUrl, {
          timeoutMs: SNAPSHOT_TIMEOUT_MS,
          maxBytes: SNAPSHOT_MAX_BYTES,
        });
        if (response.status !== 200) throw new ApiError(502, "camera.unreachable");
        body = response.body;
      } catch (error) {
        // A refused address reads the same as a dead camera: the URL's owner learns nothing of the network.
        if (error instanceof EgressError) throw new ApiError(502, "camera.unreachable");
        throw error;
      }
      // The camera's own content type is not trusted: only a real still image goes back to the browser.
      const sniffed = await fileTypeFromBuffer(body);
      if (!sniffed || !IMAGE_TYPES.has(sniffed.mime)) throw new ApiError(502, "camera.notImage");
      return reply
        .type(sniffed.mime)
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "no-store")
        .send(body);
    });
  };
}
