import { type FormInput, formsApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../kernel/audit.ts";
import { mountRoute } from "../kernel/contract.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { badRequest, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import {
  authorName,
  companyGroupCount,
  deleteForm,
  formsForItem,
  insertForm,
  insertSubmission,
  itemOf,
  listForms,
  listSubmissions,
  updateForm,
  versionFields,
} from "./store.ts";
import { checkedValues, type FormsContext } from "./submissions.ts";

/** Groups and items a form is assigned to must be the company's own. */
async function checkAssignments(db: Queryable, companyId: number, input: FormInput): Promise<void> {
  const errors: Record<string, string> = {};
  if (input.groupIds.length > 0) {
    const own = await companyGroupCount(db, companyId, input.groupIds);
    if (own !== new Set(input.groupIds).size) errors.groupIds = "invalidGroup";
  }
  for (const [i, item] of input.items.entries())
    if (!(await itemOf(db, companyId, item.itemType, item.itemId))) errors[`items.${i}`] = "unknown";
  if (Object.keys(errors).length > 0) throw badRequest("validation.failed", errors);
}

/** Custom forms of one company: the builder for administrators, submissions for writers. */
export function formRoutes(ctx: FormsContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, formsApi.list, async (request) => {
      const forms = await listForms(ctx.db, scopeOf(request).companyId);
      return Object.fromEntries(forms.map((f) => [f.id, f]));
    });

    mountRoute(app, formsApi.one, async (request) => {
      const [form] = await listForms(ctx.db, scopeOf(request).companyId, request.params.id);
      if (!form) throw notFound();
      return form;
    });

    mountRoute(app, formsApi.create, async (request) => {
      const scope = scopeOf(request);
      await checkAssignments(ctx.db, scope.companyId, request.body);
      const id = await ctx.db.transaction((tx) =>
        insertForm(tx, scope.companyId, request.body, ctx.clock.now()),
      );
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "create",
        entity: "form",
        entityId: String(id),
      });
      const [form] = await listForms(ctx.db, scope.companyId, id);
      if (!form) throw notFound();
      return form;
    });

    mountRoute(app, formsApi.update, async (request) => {
      const scope = scopeOf(request);
      const [existing] = await listForms(ctx.db, scope.companyId, request.params.id);
      if (!existing) throw notFound();
      await checkAssignments(ctx.db, scope.companyId, request.body);
      await ctx.db.transaction((tx) => updateForm(tx, existing, request.body, ctx.clock.now()));
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "update",
        entity: "form",
        entityId: String(existing.id),
      });
      const [form] = await listForms(ctx.db, scope.companyId, existing.id);
      if (!form) throw notFound();
      return form;
    });

    mountRoute(app, formsApi.remove, async (request) => {
      const scope = scopeOf(request);
      if (!(await deleteForm(ctx.db, scope.companyId, request.params.id))) throw notFound();
      await recordAudit(ctx, scope.principal, {
        companyId: scope.companyId,
        action: "delete",
        entity: "form",
        entityId: String(request.params.id),
      });
      return { ok: true };
    });

    mountRoute(app, formsApi.forItem, async (request) => {
      const scope = scopeOf(request);
      const { itemType, itemId } = request.params;
      const item = await itemOf(ctx.db, scope.companyId, itemType, itemId);
      if (
        !item ||
        (scope.groupIds !== null && (item.groupId === null || !scope.groupIds.includes(item.groupId)))
      )
        throw notFound();
      return formsForItem(ctx.db, scope.companyId, itemType, itemId, item.groupId);
    });

    mountRoute(app, formsApi.submit, async (request) => {
      const scope = scopeOf(request);
      const body = request.body;
      const [form] = await listForms(ctx.db, scope.companyId, request.params.id);
      if (!form) throw notFound();
      const item = await itemOf(ctx.db, scope.companyId, body.itemType, body.itemId);
      if (
        !item ||
        (scope.groupIds !== null && (item.groupId === null || !scope.groupIds.includes(item.groupId)))
      )
        throw badRequest("validation.failed", { itemId: "unknown" });
      const { version, values } = await checkedValues(ctx, form, body.version, body.values);
      const id = await insertSubmission(ctx.db, {
        companyId: scope.companyId,
        formId: form.id,
        version,
        input: body,
        item,
        authorId: scope.principal.userId,
        author: (await authorName(ctx.db, scope.principal.userId)) ?? scope.principal.email,
        ts: body.ts ?? ctx.clock.now(),
        values,
      });
      // Only a worker app's id can meet a stored one: a web submission always inserts.
      if (id === null) throw new Error("a web submission was taken for a resend");
      const [saved] = await listSubmissions(ctx.db, {
        companyId: scope.companyId,
        groupIds: null,
        id,
      });
      if (!saved) throw notFound();
      return saved;
    });

    mountRoute(app, formsApi.submissions, async (request) => {
      const scope = scopeOf(request);
      const [form] = await listForms(ctx.db, scope.companyId, request.params.id);
      if (!form) throw notFound();
      return listSubmissions(ctx.db, {
        companyId: scope.companyId,
        groupIds: scope.groupIds,
        formId: form.id,
        ...request.query,
      });
    });

    mountRoute(app, formsApi.submission, async (request) => {
      const scope = scopeOf(request);
      const [submission] = await listSubmissions(ctx.db, {
        companyId: scope.companyId,
        groupIds: scope.groupIds,
        id: request.params.id,
      });
      if (!submission) throw notFound();
      const fields = await versionFields(ctx.db, submission.formId, submission.version);
      return { submission, fields: fields ?? [] };
    });
  };
}
