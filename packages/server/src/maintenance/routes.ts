import {
  dueFrom,
  ITEM_TYPE,
  maintenanceApi,
  REVISION_STATE,
  type Revision,
  type RevisionValues,
  revisionWriteSchema,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FileService, sendStoredFile } from "../files/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest, conflict, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { MaintenanceChecker } from "./checker.ts";
import {
  companyTimeZone,
  costExists,
  deleteRevision,
  groupItems,
  insertRevision,
  itemInScope,
  localDay,
  maintenanceCounts,
  markRevisionDone,
  markRevisionUndone,
  nextRevisionStates,
  presentRevision,
  type RevisionPlanValues,
  type RevisionRow,
  selectRevisions,
  updateRevisionPlan,
} from "./store.ts";

export type MaintenanceRoutesContext = KernelContext & { files: FileService; checker: MaintenanceChecker };

/** The vehicles and assets a revision is for: one visible item, or every visible item of a group. */
async function targets(
  db: Queryable,
  scope: CompanyScope,
  v: RevisionValues,
): Promise<{ itemType: 1 | 2; itemId: number }[]> {
  if (v.itemId !== null) {
    const table = v.itemType === ITEM_TYPE.vehicle ? "vehicles" : "assets";
    if (!(await itemInScope(db, scope, table, v.itemId)))
      throw badRequest("validation.failed", { itemId: "unknownItem" });
    return [{ itemType: v.itemType, itemId: v.itemId }];
  }
  const items = await groupItems(db, scope, v.groupId);
  if (items.length === 0) throw badRequest("validation.failed", { groupId: "group.empty" });
  return items;
}

/** The plan a revision is stored with: the values asked for, the base reading and what falls due from it. */
function planOf(
  v: RevisionValues,
  base: { km: number; date: string; hours: number },
  due: { dueKm: number | null; dueDate: string | null; dueHours: number | null },
): RevisionPlanValues {
  return {
    task: v.task,
    everyKm: v.everyKm,
    everyDays: v.everyDays,
    everyHours: v.everyHours,
    warnKm: v.warnKm,
    warnDays: v.warnDays,
    warnHours: v.warnHours,
    baseKm: base.km,
    baseDate: base.date,
    baseHours: base.hours,
    ...due,
  };
}

function requireInterval(v: RevisionValues): void {
  if (v.everyKm === null && v.everyDays === null && v.everyHours === null)
    throw badRequest("maintenance.noInterval", { everyKm: "required" });
}

/** /maintenances: revisions of the items the caller sees; writers are any non-read-only user, in its groups. */
export function maintenanceRoutes(ctx: MaintenanceRoutesContext): FastifyPluginAsyncZod {
  const { db, checker, files } = ctx;

  const present = async (scope: CompanyScope, rows: readonly RevisionRow[]): Promise<Revision[]> => {
    const stored = await files.describe(
      scope.companyId,
      rows.flatMap((r) => r.file_ids),
    );
    return rows.map((r) => presentRevision(r, stored, checker.reading(r.item_type, r.item_id)));
  };
  const one = async (scope: CompanyScope, id: number): Promise<RevisionRow> => {
    const row = (await selectRevisions(db, scope, { ids: [id] }))[0];
    if (!row) throw notFound();
    return row;
  };
  const reread = async (scope: CompanyScope, id: number): Promise<Revision> => {
    const [revision] = await present(scope, [await one(scope, id)]);
    if (!revision) throw notFound();
    return revision;
  };
  const today = async (companyId: number) => localDay(ctx.clock.now(), await companyTimeZone(db, companyId));
  const changed = async (companyId: number) => {
    checker.invalidate();
    await checker.sweep(companyId);
  };

  return async (app) => {
    mountRoute(app, maintenanceApi.list, async (request) => {
      const scope = scopeOf(request);
      const { overdue, ...rest } = request.query;
      return present(
        scope,
        await selectRevisions(db, scope, { ...rest, ...(overdue ? { overdue: overdue === "1" } : {}) }),
      );
    });

    // An attachment of a revision the caller sees: the revision's scope (company and groups), then its own list.
    mountRoute(app, maintenanceApi.file, async (request, reply) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      if (!row.file_ids.includes(request.params.fileId)) throw notFound();
      const opened = await files.open(scope.companyId, request.params.fileId);
      if (!opened) throw notFound();
      return sendStoredFile(reply, opened, request.query.download ?? false);
    });

    mountRoute(app, maintenanceApi.counts, async (request) => maintenanceCounts(db, scopeOf(request)));

    mountRoute(app, maintenanceApi.create, async (request) => {
      const scope = scopeOf(request);
      const v = revisionWriteSchema.parse(request.body);
      requireInterval(v);
      const items = await targets(db, scope, v);
      const day = await today(scope.companyId);
      const now = ctx.clock.now();
      const ids = await db.transaction(async (tx) => {
        const created: number[] = [];
        for (const item of items) {
          const reading = checker.reading(item.itemType, item.itemId);
          const base = {
            km: v.baseKm ?? (reading.km !== null ? Math.round(reading.km) : 0),
            date: v.baseDate ?? day,
            hours: v.baseHours ?? (reading.hours !== null ? Math.round(reading.hours) : 0),
          };
          const due = dueFrom(v, base);
          created.push(await insertRevision(tx, scope, item, planOf(v, base, due), { notes: v.notes }, now));
        }
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "create",
            entity: "revision",
            entityId: created.join(","),
            data: v,
          },
          tx,
        );
        return created;
      });
      await changed(scope.companyId);
      return present(scope, await selectRevisions(db, scope, { ids }));
    });

    mountRoute(app, maintenanceApi.update, async (request) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      if (row.state === REVISION_STATE.done) throw conflict("maintenance.alreadyDone");
      const v = revisionWriteSchema.parse({ ...request.body, itemType: row.item_type, itemId: row.item_id });
      requireInterval(v);
      const base = {
        km: v.baseKm ?? row.base_km ?? 0,
        date: v.baseDate ?? row.base_date ?? (await today(scope.companyId)),
        hours: v.baseHours ?? row.base_hours ?? 0,
      };
      const due = dueFrom(v, base);
      await updateRevisionPlan(db, scope, row.id, planOf(v, base, due), v.notes, ctx.clock.now());
      await changed(scope.companyId);
      return reread(scope, row.id);
    });

    mountRoute(app, maintenanceApi.remove, async (request) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      await deleteRevision(db, scope, row.id);
      checker.invalidate();
      return { id: row.id };
    });

    mountRoute(app, maintenanceApi.done, async (request) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      if (row.state === REVISION_STATE.done) throw conflict("maintenance.alreadyDone");
      const body = request.body;
      const reading = checker.reading(row.item_type, row.item_id);
      const doneKm = body.km ?? (reading.km !== null ? Math.round(reading.km) : null);
      const doneHours = body.hours ?? (reading.hours !== null ? Math.round(reading.hours) : null);
      const now = ctx.clock.now();
      const nextId = await db.transaction(async (tx) => {
        await files.owned(scope.companyId, body.fileIds, tx);
        if (body.costId !== null) {
          if (!(await costExists(tx, scope, body.costId)))
            throw badRequest("validation.failed", { costId: "unknownCost" });
        }
        await markRevisionDone(
          tx,
          scope,
          row.id,
          {
            date: body.date,
            km: doneKm,
            hours: doneHours,
            workshop: body.workshop,
            notes: body.notes || row.notes,
            costId: body.costId,
            fileIds: body.fileIds,
          },
          now,
        );
        let next: number | null = null;
        if (body.scheduleNext) {
          const due = dueFrom(
            { everyKm: row.every_km, everyDays: row.every_days, everyHours: row.every_hours },
            { km: doneKm, date: body.date, hours: doneHours },
          );
          next = await insertRevision(
            tx,
            scope,
            { itemType: row.item_type, itemId: row.item_id },
            {
              task: row.task,
              everyKm: row.every_km,
              everyDays: row.every_days,
              everyHours: row.every_hours,
              warnKm: row.warn_km,
              warnDays: row.warn_days,
              warnHours: row.warn_hours,
              baseKm: doneKm ?? 0,
              baseDate: body.date,
              baseHours: doneHours ?? 0,
              ...due,
            },
            { previousId: row.id },
            now,
          );
        }
        await recordAudit(
          ctx,
          scope.principal,
          {
            companyId: scope.companyId,
            action: "done",
            entity: "revision",
            entityId: String(row.id),
            data: body,
          },
          tx,
        );
        return next;
      });
      await changed(scope.companyId);
      return {
        revision: await reread(scope, row.id),
        next: nextId === null ? null : await reread(scope, nextId),
      };
    });

    mountRoute(app, maintenanceApi.undone, async (request) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      if (row.state !== REVISION_STATE.done) throw conflict("maintenance.notDone");
      await db.transaction(async (tx) => {
        const next = await nextRevisionStates(tx, scope, row.id);
        // The next one may go only while nobody worked on it; otherwise unmarking would lose that work.
        if (next.includes(2)) throw conflict("maintenance.nextExists");
        await markRevisionUndone(tx, scope, row.id, ctx.clock.now());
        await recordAudit(
          ctx,
          scope.principal,
          { companyId: scope.companyId, action: "undone", entity: "revision", entityId: String(row.id) },
          tx,
        );
      });
      await changed(scope.companyId);
      return reread(scope, row.id);
    });
  };
}
