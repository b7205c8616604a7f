import {
  dueFrom,
  maintenanceApi,
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
  localDay,
  maintenanceCounts,
  presentRevision,
  type RevisionRow,
  selectRevisions,
} from "./store.ts";

export type MaintenanceRoutesContext = KernelContext & { files: FileService; checker: MaintenanceChecker };

/** The vehicles and assets a revision is for: one visible item, or every visible item of a group. */
async function targets(
  db: Queryable,
  scope: CompanyScope,
  v: RevisionValues,
): Promise<{ itemType: 1 | 2; itemId: number }[]> {
  const visible = "($2::int[] is null or group_id = any($2::int[]))";
  if (v.itemId !== null) {
    const table = v.itemType === 1 ? "vehicles" : "assets";
    const rows = await db.query(`select 1 from ${table} where id = $3 and company_id = $1 and ${visible}`, [
      scope.companyId,
      scope.groupIds,
      v.itemId,
    ]);
    if (rows.length === 0) throw badRequest("validation.failed", { itemId: "unknownItem" });
    return [{ itemType: v.itemType, itemId: v.itemId }];
  }
  const rows = await db.query<{ item_type: 1 | 2; id: number }>(
    `select 1 as item_type, id from vehicles where company_id = $1 and ${visible} and group_id = $3
     union all select 2, id from assets where company_id = $1 and ${visible} and group_id = $3 order by 1, 2`,
    [scope.companyId, scope.groupIds, v.groupId],
  );
  if (rows.length === 0) throw badRequest("validation.failed", { groupId: "group.empty" });
  return rows.map((r) => ({ itemType: r.item_type, itemId: r.id }));
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
          const rows = await tx.query<{ id: number }>(
            `insert into maintenance_revisions (company_id, item_type, item_id, task, every_km, every_days, every_hours,
               warn_km, warn_days, warn_hours, base_km, base_date, base_hours, due_km, due_date, due_hours, notes,
               created_ts, updated_ts)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18) returning id`,
            [
              scope.companyId,
              item.itemType,
              item.itemId,
              v.task,
              v.everyKm,
              v.everyDays,
              v.everyHours,
              v.warnKm,
              v.warnDays,
              v.warnHours,
              base.km,
              base.date,
              base.hours,
              due.dueKm,
              due.dueDate,
              due.dueHours,
              v.notes,
              now,
            ],
          );
          created.push(rows[0]!.id);
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
      if (row.state === 2) throw conflict("maintenance.alreadyDone");
      const v = revisionWriteSchema.parse({ ...request.body, itemType: row.item_type, itemId: row.item_id });
      requireInterval(v);
      const base = {
        km: v.baseKm ?? row.base_km ?? 0,
        date: v.baseDate ?? row.base_date ?? (await today(scope.companyId)),
        hours: v.baseHours ?? row.base_hours ?? 0,
      };
      const due = dueFrom(v, base);
      await db.query(
        `update maintenance_revisions set task = $3, every_km = $4, every_days = $5, every_hours = $6, warn_km = $7,
           warn_days = $8, warn_hours = $9, base_km = $10, base_date = $11, base_hours = $12, due_km = $13,
           due_date = $14, due_hours = $15, notes = $16, notified = 0, updated_ts = $17
         where id = $1 and company_id = $2`,
        [
          row.id,
          scope.companyId,
          v.task,
          v.everyKm,
          v.everyDays,
          v.everyHours,
          v.warnKm,
          v.warnDays,
          v.warnHours,
          base.km,
          base.date,
          base.hours,
          due.dueKm,
          due.dueDate,
          due.dueHours,
          v.notes,
          ctx.clock.now(),
        ],
      );
      await changed(scope.companyId);
      return reread(scope, row.id);
    });

    mountRoute(app, maintenanceApi.remove, async (request) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      await db.query("delete from maintenance_revisions where id = $1 and company_id = $2", [
        row.id,
        scope.companyId,
      ]);
      checker.invalidate();
      return { id: row.id };
    });

    mountRoute(app, maintenanceApi.done, async (request) => {
      const scope = scopeOf(request);
      const row = await one(scope, request.params.id);
      if (row.state === 2) throw conflict("maintenance.alreadyDone");
      const body = request.body;
      const reading = checker.reading(row.item_type, row.item_id);
      const doneKm = body.km ?? (reading.km !== null ? Math.round(reading.km) : null);
      const doneHours = body.hours ?? (reading.hours !== null ? Math.round(reading.hours) : null);
      const now = ctx.clock.now();
      const nextId = await db.transaction(async (tx) => {
        await files.owned(scope.companyId, body.fileIds, tx);
        if (body.costId !== null) {
          const cost = await tx.query("select 1 from costs where id = $1 and company_id = $2", [
            body.costId,
            scope.companyId,
          ]);
          if (cost.length === 0) throw badRequest("validation.failed", { costId: "unknownCost" });
        }
        await tx.query(
          `update maintenance_revisions set state = 2, overdue = false, done_date = $3, done_km = $4, done_hours = $5,
             workshop = $6, notes = $7, cost_id = $8, file_ids = $9, updated_ts = $10
           where id = $1 and company_id = $2`,
          [
            row.id,
            scope.companyId,
            body.date,
            doneKm,
            doneHours,
            body.workshop,
            body.notes || row.notes,
            body.costId,
            body.fileIds,
            now,
          ],
        );
        let next: number | null = null;
        if (body.scheduleNext) {
          const due = dueFrom(
            { everyKm: row.every_km, everyDays: row.every_days, everyHours: row.every_hours },
            { km: doneKm, date: body.date, hours: doneHours },
          );
          const rows = await tx.query<{ id: number }>(
            `insert into maintenance_revisions (company_id, item_type, item_id, task, every_km, every_days, every_hours,
               warn_km, warn_days, warn_hours, base_km, base_date, base_hours, due_km, due_date, due_hours,
               previous_id, created_ts, updated_ts)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18) returning id`,
            [
              scope.companyId,
              row.item_type,
              row.item_id,
              row.task,
              row.every_km,
              row.every_days,
              row.every_hours,
              row.warn_km,
              row.warn_days,
              row.warn_hours,
              doneKm ?? 0,
              body.date,
              doneHours ?? 0,
              due.dueKm,
              due.dueDate,
              due.dueHours,
              row.id,
              now,
            ],
          );
          next = rows[0]!.id;
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
      if (row.state !== 2) throw conflict("maintenance.notDone");
      await db.transaction(async (tx) => {
        const next = await tx.query<{ id: number; state: number; created_ts: string; updated_ts: string }>(
          "select id, state, created_ts, updated_ts from maintenance_revisions where previous_id = $1",
          [row.id],
        );
        // The next one may go only while nobody worked on it; otherwise unmarking would lose that work.
        if (next.some((n) => n.state === 2)) throw conflict("maintenance.nextExists");
        await tx.query("delete from maintenance_revisions where previous_id = $1", [row.id]);
        await tx.query(
          `update maintenance_revisions set state = 0, overdue = false, notified = 0, done_date = null, done_km = null,
             done_hours = null, cost_id = null, file_ids = '{}', workshop = '', updated_ts = $2 where id = $1`,
          [row.id, ctx.clock.now()],
        );
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
