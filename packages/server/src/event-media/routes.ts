import {
  cleanEventName,
  ENCODED_DEVICE_TYPE_ID,
  type EventMedia,
  encodeDeviceId,
  eventMediaApi,
} from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type FilesContext, sendStoredFile } from "../files/index.ts";
import { keyMatches, presentedDeviceId, presentedKey } from "../ingest/index.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, notFound, unauthorized } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { ITEM_TABLE, type ItemType, visibleItem } from "../kernel/tenancy/items.ts";

/** A device clock ahead of ours by more than this is wrong: its media is filed at the time it arrived. */
const FUTURE_SLACK_MS = 60 * 60_000;
/** Enough for an item panel or a notice; older media is reached by narrowing the time range. */
const LIST_LIMIT = 50;

interface MediaRow {
  id: number;
  item_type: ItemType;
  item_id: number;
  event_ts: string | number;
  event: string;
  file_id: number;
  name: string;
  mime: string;
  size: number;
  created_ts: string | number;
}

const toMedia = (r: MediaRow): EventMedia => ({
  id: r.id,
  itemType: r.item_type,
  itemId: r.item_id,
  ts: Number(r.event_ts),
  event: r.event,
  file: { id: r.file_id, name: r.name, mime: r.mime, size: r.size, createdTs: Number(r.created_ts) },
});

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
      const rows = await ctx.db.query<{
        id: number;
        company_id: number;
        device_key: string;
        item_type: number;
        item_id: number | null;
      }>(
        `select id, company_id, device_key, item_type, item_id from devices
         where company_id is not null and device_key is not null
           and ((type_id <> $3 and device_id = $1) or (type_id = $3 and device_id = any($2::text[])))
         order by device_id = $1 limit 1`,
        // The worker app's ids are stored encoded (spec 02 §3; legacy ones raw); every other device's as sent.
        [id, [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, id), id], ENCODED_DEVICE_TYPE_ID],
      );
      const device = rows[0];
      // A key is compared even when the device is unknown, so both answers take the same time.
      const matches = keyMatches(device?.device_key ?? "\u0000no device", key);
      if (!device || !matches) throw unauthorized();
      const itemType = device.item_type;
      if (device.item_id === null || (itemType !== 1 && itemType !== 2 && itemType !== 3))
        throw new ApiError(409, "device.noItem");
      const length = Number(request.headers["content-length"]);
      const file = await ctx.files.save({
        companyId: device.company_id,
        userId: null,
        name: request.query.name,
        kind: "eventMedia",
        body: request.raw,
        ...(Number.isFinite(length) ? { declaredLength: length } : {}),
      });
      const now = ctx.clock.now();
      const inserted = await ctx.db.query<{ id: number }>(
        `insert into event_media (company_id, device_id, item_type, item_id, file_id, event_ts, event, created_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          device.company_id,
          device.id,
          itemType,
          device.item_id,
          file.id,
          eventTime(request.query.ts, now),
          cleanEventName(request.query.event),
          now,
        ],
      );
      return { id: inserted[0]!.id, file };
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
      const rows = await ctx.db.query<MediaRow>(
        `select m.id, m.item_type, m.item_id, m.event_ts, m.event, m.file_id, f.name, f.mime, f.size, f.created_ts
         from event_media m join stored_files f on f.id = m.file_id and f.company_id = m.company_id
         where m.company_id = $1 and m.item_type = $2 and m.item_id = $3 and m.event_ts between $4 and $5
         order by m.event_ts desc, m.id desc limit ${LIST_LIMIT}`,
        [scope.companyId, itemType, itemId, from, to],
      );
      return rows.map(toMedia);
    });

    mountRoute(app, eventMediaApi.file, async (request, reply) => {
      const scope = scopeOf(request);
      const rows = await ctx.db.query<{ item_type: ItemType; item_id: number; file_id: number }>(
        "select item_type, item_id, file_id from event_media where id = $1 and company_id = $2",
        [request.params.id, scope.companyId],
      );
      const row = rows[0];
      if (!row) throw notFound();
      // Media of an item the caller does not see reads as missing, like the item itself.
      await visibleItem(ctx.db, scope, ITEM_TABLE[row.item_type], row.item_id);
      const opened = await ctx.files.open(scope.companyId, row.file_id);
      if (!opened) throw notFound();
      return sendStoredFile(reply, opened, false);
    });
  };
}
