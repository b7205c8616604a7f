import { cleanEventName, eventMediaApi, ITEM_TYPE } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FilesContext, sendStoredFile } from "../files/index.ts";
import { keyMatches, presentedDeviceId, presentedKey } from "../ingest/index.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, notFound, unauthorized } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, visibleItem } from "../kernel/tenancy/items.ts";
import { insertEventMedia, itemMedia, keyedDeviceForCredential, mediaFileRef } from "./store.ts";

/** A device clock ahead of ours by more than this is wrong: its media is filed at the time it arrived. */
const FUTURE_SLACK_MS = 60 * 60_000;
/** Enough for an item panel or a notice; older media is reached by narrowing the time range. */
const LIST_LIMIT = 50;

/** The event's time as the device gave it, unless it is absent or implausibly far in the future. Pure. */
export function eventTime(given: number | undefined, now: number): number {
  return given === undefined || given > now + FUTURE_SLACK_MS ? now : given;
}

/**
 * POST /device/media: a device attaches a photo or clip to one of its events, authenticated with the same
 * credential its HTTP ingest takes (its id and key). Only keyed devices of a company that are on an item may
 * upload; the file is the company's (file storage sniffs and limits it) and is filed under that item, so
 * only users who see the item see it. Every credential failure is the same 401.
 */
export function deviceMediaRoutes(ctx: FilesContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The body is the raw media, streamed into storage (never buffered whole, never parsed).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    mountRoute(app, eventMediaApi.upload, async (request) => {
      const url = new URL(request.url, "http://device.local");
      const id = presentedDeviceId(url, request.headers.authorization);
      const key = presentedKey(url, request.headers.authorization);
      if (id === null || key === null) throw unauthorized();
      const device = await keyedDeviceForCredential(ctx.db, id);
      // A key is compared even when the device is unknown, so both answers take the same time.
      const matches = keyMatches(device?.deviceKey ?? "\u0000no device", key);
      if (!device || !matches) throw unauthorized();
      const itemType = device.itemType;
      if (
        device.itemId === null ||
        (itemType !== ITEM_TYPE.vehicle && itemType !== ITEM_TYPE.asset && itemType !== ITEM_TYPE.person)
      )
        throw new ApiError(409, "device.noItem");
      const length = Number(request.headers["content-length"]);
      const file = await ctx.files.save({
        companyId: device.companyId,
        userId: null,
        name: request.query.name,
        kind: "eventMedia",
        body: request.raw,
        ...(Number.isFinite(length) ? { declaredLength: length } : {}),
      });
      const now = ctx.clock.now();
      const mediaId = await insertEventMedia(ctx.db, {
        companyId: device.companyId,
        deviceId: device.id,
        itemType,
        itemId: device.itemId,
        fileId: file.id,
        eventTs: eventTime(request.query.ts, now),
        event: cleanEventName(request.query.event),
        now,
      });
      return { id: mediaId, file };
    });
  };
}

/** The company's view of its devices' event media: listed per item and served, for whoever sees the item. */
export function eventMediaRoutes(ctx: FilesContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, eventMediaApi.list, async (request) => {
      const scope = scopeOf(request);
      const { itemType, itemId, from, to } = request.query;
      await visibleItem(ctx.db, scope, ITEM_TABLE[itemType], itemId);
      return itemMedia(ctx.db, scope, { itemType, itemId, from, to, limit: LIST_LIMIT });
    });

    mountRoute(app, eventMediaApi.file, async (request, reply) => {
      const scope = scopeOf(request);
      const row = await mediaFileRef(ctx.db, scope, request.params.id);
      if (!row) throw notFound();
      // Media of an item the caller does not see reads as missing, like the item itself.
      await visibleItem(ctx.db, scope, ITEM_TABLE[row.itemType], row.itemId);
      const opened = await ctx.files.open(scope.companyId, row.fileId);
      if (!opened) throw notFound();
      return sendStoredFile(reply, opened, false);
    });
  };
}
