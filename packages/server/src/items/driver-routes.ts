import { API_ERROR, driverDayApi, driversApi, type driverWriteSchema } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable, SqlParam } from "../kernel/db/database.ts";
import { ApiError, badRequest } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { visibleItem } from "../kernel/tenancy/items.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { driverDay } from "./driver-day.ts";
import type { ItemsContext } from "./guard.ts";
import { assertGroup, found, publish } from "./guard.ts";
import { listDrivers } from "./read-models.ts";

type DriverBody = z.output<typeof driverWriteSchema>;

/** A person may back one driver only: another driver holding it answers personId.already.asigned. */
async function checkPerson(
  tx: Queryable,
  scope: CompanyScope,
  personId: number | null,
  selfId: number | null,
) {
  if (personId === null) return;
  const person = await tx.query("select 1 from persons where id = $1 and company_id = $2", [
    personId,
    scope.companyId,
  ]);
  if (person.length === 0) throw badRequest("validation.failed", { personId: "invalidPerson" });
  const taken = await tx.query<{ id: number }>(
    "select id from drivers where company_id = $1 and person_id = $2 and ($3::int is null or id <> $3)",
    [scope.companyId, personId, selfId],
  );
  if (taken.length > 0)
    throw new ApiError(409, API_ERROR.personAlreadyAssigned, { personId: API_ERROR.personAlreadyAssigned });
}

const values = (b: DriverBody): SqlParam[] => [
  b.name,
  b.group,
  b.personId,
  b.tachographCard,
  b.iButton,
  b.beacon,
  b.email,
  b.reference,
  b.phone,
  b.customData,
];

/** Drivers: tachograph card, iButton, beacon, e-mail, reference, phone and an optional person. */
export function driverRoutes(ctx: ItemsContext): FastifyPluginAsyncZod {
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
        const rows = await tx.query<{ id: number }>(
          `insert into drivers (name, group_id, person_id, tachograph_card, ibutton, beacon, email, reference, phone,
             custom_data, company_id, created_ts, updated_ts)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$12) returning id`,
          [...values(body), scope.companyId, now],
        );
        const newId = (rows[0] as { id: number }).id;
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
        await tx.query(
          `update drivers set name=$1, group_id=$2, person_id=$3, tachograph_card=$4, ibutton=$5, beacon=$6, email=$7,
             reference=$8, phone=$9, custom_data=$10, updated_ts=$11 where id = $12 and company_id = $13`,
          [...values(body), ctx.clock.now(), id, scope.companyId],
        );
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
        await tx.query("update vehicles set driver_id = null, driver_ts = $2 where driver_id = $1", [
          id,
          ctx.clock.now(),
        ]);
        await tx.query("delete from drivers where id = $1 and company_id = $2", [id, scope.companyId]);
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
