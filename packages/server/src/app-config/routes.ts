import { appConfigApi } from "@vigia/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { keyMatches, presentedDeviceId, presentedKey } from "../ingest/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound, unauthorized } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import {
  type AppDeviceCredential,
  appDeviceForCredential,
  fetchForDevice,
  readCompanyAppConfig,
  writeCompanyAppConfig,
  writeDeviceOverride,
} from "./store.ts";

/**
 * The company's worker app configuration: read by every user of the company who manages devices
 * (administrators and above, as the contracts declare), written by the same; every query is the selected company's.
 */
export function appConfigRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    mountRoute(app, appConfigApi.get, async (request) =>
      readCompanyAppConfig(db, scopeOf(request).companyId),
    );

    mountRoute(app, appConfigApi.put, async (request) => {
      const scope = scopeOf(request);
      await db.transaction(async (tx) => {
        await writeCompanyAppConfig(tx, scope.companyId, request.body, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          { companyId: scope.companyId, action: "update", entity: "appConfig", data: request.body },
          tx,
        );
      });
      return readCompanyAppConfig(db, scope.companyId);
    });

    mountRoute(app, appConfigApi.putDevice, async (request) => {
      const scope = scopeOf(request);
      await db.transaction(async (tx) => {
        if (
          !(await writeDeviceOverride(tx, scope.companyId, request.params.id, request.body, ctx.clock.now()))
        )
          throw notFound();
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "appConfig",
            entityId: String(request.params.id),
            data: request.body,
          },
          tx,
        );
      });
      return readCompanyAppConfig(db, scope.companyId);
    });
  };
}

/**
 * GET /device/appconfig: the worker app's own call, authenticated as the device with the same credential the
 * HTTP ingest takes (the device id and its key). Only app devices that carry a key and belong to a company are
 * answered; every other failure is the same 401, so the answer tells nothing about which ids exist.
 */
export function deviceAppConfigRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    mountRoute(app, appConfigApi.fetch, async (request) => {
      const device = await authenticateAppDevice(db, request);
      const fetched = await fetchForDevice(db, device.id, device.companyId, ctx.clock.now());
      return { deviceId: device.presentedId, ...fetched };
    });
  };
}

/**
 * The worker app's device behind a request, from the credential the HTTP ingest takes (the device id and its key,
 * basic auth or query). Only app devices that carry a key and belong to a company pass; every other failure is
 * the same 401, and a key is compared even when the device is unknown, so both answers take the same time.
 */
export async function authenticateAppDevice(
  db: Queryable,
  request: FastifyRequest,
): Promise<AppDeviceCredential & { presentedId: string }> {
  const url = new URL(request.url, "http://device.local");
  const id = presentedDeviceId(url, request.headers.authorization);
  const key = presentedKey(url, request.headers.authorization);
  if (id === null || key === null) throw unauthorized();
  const device = await appDeviceForCredential(db, id);
  const matches = keyMatches(device?.deviceKey ?? "\u0000no device", key);
  if (!device || !matches) throw unauthorized();
  return { ...device, presentedId: id };
}
