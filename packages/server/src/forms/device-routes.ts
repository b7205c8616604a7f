import { ITEM_TYPE, type Submission, workerAppApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticateAppDevice } from "../app-config/index.ts";
import type { FileService } from "../files/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, notFound } from "../kernel/errors.ts";
import { formsForItem, insertSubmission, itemOf, listSubmissions, submissionIdByClientId } from "./store.ts";
import { checkedValues, type FormsContext } from "./submissions.ts";

const ITEM_KIND: Partial<Record<number, Submission["itemType"]>> = {
  [ITEM_TYPE.vehicle]: "vehicle",
  [ITEM_TYPE.asset]: "asset",
  [ITEM_TYPE.person]: "person",
};

/** The item a worker-app device is on, as forms name it; null when it is on none. */
function deviceItem(device: { itemType: number | null; itemId: number | null }) {
  const itemType = device.itemType === null ? undefined : ITEM_KIND[device.itemType];
  return itemType === undefined || device.itemId === null ? null : { itemType, itemId: device.itemId };
}

/**
 * The worker app's forms, read and submitted as its device (id and key, as for its upload): the active forms
 * assigned to the device's item, and submissions stored exactly as the web's (same checks, same table), with the
 * item as their author. Another company's form, or one not assigned to the item, is not found.
 */
export function deviceFormRoutes(ctx: FormsContext): FastifyPluginAsyncZod {
  const assigned = async (companyId: number, item: { itemType: Submission["itemType"]; itemId: number }) => {
    const found = await itemOf(ctx.db, companyId, item.itemType, item.itemId);
    if (!found) return null;
    const forms = await formsForItem(ctx.db, companyId, item.itemType, item.itemId, found.groupId);
    return { item: found, forms };
  };

  return async (app) => {
    mountRoute(app, workerAppApi.forms, async (request) => {
      const device = await authenticateAppDevice(ctx.db, request);
      const item = deviceItem(device);
      if (item === null) return [];
      return (await assigned(device.companyId, item))?.forms ?? [];
    });

    mountRoute(app, workerAppApi.submit, async (request) => {
      const device = await authenticateAppDevice(ctx.db, request);
      const body = request.body;
      const item = deviceItem(device);
      if (item === null) throw notFound();
      const stored = async (id: number) => {
        const [saved] = await listSubmissions(ctx.db, { companyId: device.companyId, groupIds: null, id });
        if (!saved) throw notFound();
        return saved;
      };
      // A resend after a lost answer: the stored submission, whatever the form says now.
      const known = await submissionIdByClientId(ctx.db, device.companyId, item, body.clientId);
      if (known !== null) return stored(known);
      const found = await assigned(device.companyId, item);
      const form = found?.forms.find((f) => f.id === request.params.id);
      if (!found || !form) throw notFound();
      const { version, values } = await checkedValues(ctx, form, body.version, body.values);
      const inserted = await insertSubmission(ctx.db, {
        companyId: device.companyId,
        formId: form.id,
        version,
        input: { ...item, lat: body.lat, lng: body.lng, source: "mobile" },
        item: found.item,
        authorId: null,
        author: found.item.name,
        ts: body.ts,
        values,
        clientId: body.clientId,
        accuracy: body.accuracy,
      });
      // Null when a resend raced this one in: the first one stored is the answer to both.
      const id = inserted ?? (await submissionIdByClientId(ctx.db, device.companyId, item, body.clientId));
      if (id === null) throw notFound();
      return stored(id);
    });
  };
}

/**
 * POST /device/files: the worker app's attachments, stored by the same file service as the web's upload (type
 * sniffed from the bytes, size capped as it streams in) as a file of the device's company.
 */
export function deviceFileRoutes(
  ctx: KernelContext & { files: Pick<FileService, "save"> },
): FastifyPluginAsyncZod {
  return async (app) => {
    // The body is the raw file, streamed into storage (never buffered whole, never parsed).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    mountRoute(app, workerAppApi.file, async (request) => {
      const device = await authenticateAppDevice(ctx.db, request);
      if (deviceItem(device) === null) throw new ApiError(409, "device.noItem");
      const length = Number(request.headers["content-length"]);
      return ctx.files.save({
        companyId: device.companyId,
        userId: null,
        name: request.query.name,
        kind: request.query.kind,
        body: request.raw,
        ...(Number.isFinite(length) ? { declaredLength: length } : {}),
      });
    });
  };
}
