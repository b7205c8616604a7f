import { CAMERA_TYPES, type Camera, type CameraType, camerasApi } from "@vigia/domain";
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

interface CameraRow {
  id: number;
  name: string;
  type: CameraType;
  vehicle_id: number;
  stream_url: string;
  snapshot_url: string;
  updated_ts: string | number;
  group_id: number | null;
}

const toCamera = (r: CameraRow): Camera => ({
  id: r.id,
  name: r.name,
  type: r.type,
  vehicleId: r.vehicle_id,
  streamUrl: r.stream_url,
  snapshotUrl: r.snapshot_url,
  updatedTs: Number(r.updated_ts),
});

/** A still image is small; a camera that answers more, or slowly, is not waited for. */
const SNAPSHOT_MAX_BYTES = 4 * 1024 * 1024;
const SNAPSHOT_TIMEOUT_MS = 8000;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** The cameras of the vehicles the scope sees (a group-scoped user sees its groups' vehicles only). */
async function camerasOf(
  ctx: KernelContext,
  scope: CompanyScope,
  filter: { vehicleId?: number; id?: number },
) {
  const rows = await ctx.db.query<CameraRow>(
    `select c.*, v.group_id from cameras c join vehicles v on v.id = c.vehicle_id and v.company_id = c.company_id
     where c.company_id = $1 and ($2::int is null or c.vehicle_id = $2) and ($3::int is null or c.id = $3)
     order by c.vehicle_id, c.name, c.id`,
    [scope.companyId, filter.vehicleId ?? null, filter.id ?? null],
  );
  return rows.filter(
    (r) => scope.groupIds === null || (r.group_id !== null && scope.groupIds.includes(r.group_id)),
  );
}

async function oneCamera(ctx: KernelContext, scope: CompanyScope, id: number): Promise<CameraRow> {
  const row = (await camerasOf(ctx, scope, { id }))[0];
  if (!row) throw notFound();
  return row;
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
      (await camerasOf(ctx, scopeOf(request), { vehicleId: request.query.vehicleId })).map(toCamera),
    );

    mountRoute(app, camerasApi.create, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      await visibleItem(ctx.db, scope, "vehicles", body.vehicleId);
      const now = ctx.clock.now();
      const rows = await ctx.db.query<{ id: number }>(
        `insert into cameras (company_id, vehicle_id, name, type, stream_url, snapshot_url, created_ts, updated_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $7) returning id`,
        [scope.companyId, body.vehicleId, body.name, body.type, body.streamUrl, body.snapshotUrl, now],
      );
      const id = rows[0]!.id;
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "camera",
        entityId: String(id),
        data: { name: body.name, vehicleId: body.vehicleId },
      });
      return toCamera(await oneCamera(ctx, scope, id));
    });

    mountRoute(app, camerasApi.update, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      await oneCamera(ctx, scope, request.params.id);
      await visibleItem(ctx.db, scope, "vehicles", body.vehicleId);
      await ctx.db.query(
        `update cameras set vehicle_id = $3, name = $4, type = $5, stream_url = $6, snapshot_url = $7, updated_ts = $8
         where id = $1 and company_id = $2`,
        [
          request.params.id,
          scope.companyId,
          body.vehicleId,
          body.name,
          body.type,
          body.streamUrl,
          body.snapshotUrl,
          ctx.clock.now(),
        ],
      );
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "camera",
        entityId: String(request.params.id),
        data: { name: body.name, vehicleId: body.vehicleId },
      });
      return toCamera(await oneCamera(ctx, scope, request.params.id));
    });

    mountRoute(app, camerasApi.remove, async (request) => {
      const scope = scopeOf(request);
      await oneCamera(ctx, scope, request.params.id);
      await ctx.db.query("delete from cameras where id = $1 and company_id = $2", [
        request.params.id,
        scope.companyId,
      ]);
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "camera",
        entityId: String(request.params.id),
      });
    });

    mountRoute(app, camerasApi.snapshot, async (request, reply) => {
      const camera = await oneCamera(ctx, scopeOf(request), request.params.id);
      if (!camera.snapshot_url) throw notFound();
      let body: Buffer;
      try {
        const response = await ctx.egress.fetch(camera.snapshot_url, {
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
