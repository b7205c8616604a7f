import { API_ERROR, driverDayApi, driversApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TimeZoneCache } from "../derived/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { ApiError, badRequest } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { driverDay } from "./driver-day.ts";
import type { ItemsContext } from "./guard.ts";
import { assertGroup, found, publish } from "./guard.ts";
import {
  deleteItemRow,
  insertDriver,
  listDrivers,
  personBacksDriver,
  personExists,
  releaseDriverVehicles,
  updateDriver,
} from "./store.ts";

/** A person may back one driver only: another driver holding it answers personId.already.asigned. */
async function checkPerson(
  tx: Queryable,
  scope: CompanyScope,
  personId: number | null,
  selfId: number | null,
) {
  if (personId === null) return;
  if (!(await personExists(tx, scope, personId)))
    throw badRequest("validation.failed", { personId: "invalidPerson" });
  if (await personBacksDriver(tx, scope, personId, selfId))
    throw new ApiError(409, API_ERROR.personAlreadyAssigned, { personId: API_ERROR.personAlreadyAssigned });
}

/** Drivers: tachograph card, iButton, beacon, e-mail, reference, phone and an optional person. */
export function driverRoutes(ctx: ItemsContext & { timeZones: TimeZoneCache }): FastifyPluginAsyncZod {
  return async (app) => {
    const one = async (scope: CompanyScope, id: number) => found((await listDrivers(ctx.db, scope))[id]);

    mountRoute(app, driversApi.list, async (request) => listDrivers(ctx.db, scopeOf(request)));

    mountRoute(app, driversApi.one, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      await visibleItem(ctx.db, scope, "drivers", id);
      return one(scope, id);
    });

    mountRoute(app, driverDayApi.today, async (request) =>
      driverDay(ctx, scopeOf(request), request.params.id),
    );

    mountRoute(app, driversApi.create, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      if (body.group !== null) await assertGroup(ctx.db, scope, body.group);
      const now = ctx.clock.now();
      const id = await ctx.db.transaction(async (tx) => {
        await checkPerson(tx, scope, body.personId, null);
        const newId = await insertDriver(tx, scope, body, now);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "driver",
            entityId: String(newId),
            data: { name: body.name },
          },
          tx,
        );
        return newId;
      });
      return one(scope, id);
    });

    mountRoute(app, driversApi.update, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await visibleItem<{ group_id: number | null; custom_data: unknown }>(
        ctx.db,
        scope,
        "drivers",
        id,
      );
      const body = request.body;
      if (body.group !== null) await assertGroup(ctx.db, scope, body.group);
      await ctx.db.transaction(async (tx) => {
        await checkPerson(tx, scope, body.personId, id);
        await updateDriver(tx, scope, id, body, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "update",
            entity: "driver",
            entityId: String(id),
            data: { name: body.name },
          },
          tx,
        );
      });
      if (JSON.stringify(before.custom_data) !== JSON.stringify(body.customData))
        publish(ctx, scope, 0, id, body.group, {
          type: "dCustomData",
          data: { id, customData: body.customData },
        });
      return one(scope, id);
    });

    mountRoute(app, driversApi.remove, async (request) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const before = await visibleItem<{ group_id: number | null; name: string }>(
        ctx.db,
        scope,
        "drivers",
        id,
      );
      await ctx.db.transaction(async (tx) => {
        await releaseDriverVehicles(tx, id, ctx.clock.now());
        await deleteItemRow(tx, scope, "drivers", id);
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "delete",
            entity: "driver",
            entityId: String(id),
            data: { name: before.name },
          },
          tx,
        );
      });
      publish(ctx, scope, 0, id, before.group_id, {
        type: "dVehicle",
        data: { id, vehicleId: null, ts: ctx.clock.now() },
      });
      return { id };
    });
  };
}
