import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { deletedSchema } from "../model/items.ts";

/**
 * Shared routes: a company user picks items and a validity; the
 * server issues an unguessable, revocable token. `/shareroute/{token}` then shows only those items, live, and
 * their route since the link was made, without signing in.
 */
export const SHARE_VALIDITY_MS = {
  "1h": 3_600_000,
  "8h": 8 * 3_600_000,
  "1d": 86_400_000,
  "1w": 7 * 86_400_000,
} as const;
export type ShareValidity = keyof typeof SHARE_VALIDITY_MS;
export const SHARE_VALIDITIES = Object.keys(SHARE_VALIDITY_MS) as ShareValidity[];
/** Items one link may show at most. */
export const SHARE_MAX_ITEMS = 50;

export const sharedItemRefSchema = z.object({
  itemType: z.literal([1, 2, 3]),
  itemId: z.number().int().positive(),
});
export type SharedItemRef = z.infer<typeof sharedItemRefSchema>;

export const shareLinkCreateSchema = z.object({
  items: z.array(sharedItemRefSchema).min(1).max(SHARE_MAX_ITEMS),
  validity: z.enum(SHARE_VALIDITIES as [ShareValidity, ...ShareValidity[]]),
});

export const shareLinkSchema = z.object({
  id: z.number(),
  items: z.array(sharedItemRefSchema),
  createdTs: z.number(),
  expiresTs: z.number(),
  createdBy: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The token is only ever shown once, in the answer to its creation; the server keeps its hash. */
export const shareLinkCreatedSchema = shareLinkSchema.extend({ token: z.string() });

const sharedPosSchema = z.object({
  ts: z.number(),
  lat: z.number(),
  lng: z.number(),
  spd: z.number(),
  course: z.number(),
});

export const sharedItemSchema = z.object({
  itemType: z.literal([1, 2, 3]),
  itemId: z.number(),
  name: z.string(),
  pos: sharedPosSchema.nullable(),
  /** [lng, lat] pairs since the link was made, oldest first (thinned). */
  route: z.array(z.tuple([z.number(), z.number()])),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const sharedRouteSchema = z.object({
  createdTs: z.number(),
  expiresTs: z.number(),
  items: z.array(sharedItemSchema),
  /** The company's base map (`conf.general.mapProvider`), so the page draws the same ground; null: the site's. */
  mapProvider: z.string().nullable(),
  /** The company's time zone: the page shows times as the company's users see them, not in the viewer's zone. */
  timezone: z.string(),
});
export type SharedRoute = z.infer<typeof sharedRouteSchema>;

/** Why the shared live channel ended: the page then shows the matching "unavailable" text. */
export const SHARED_CLOSE_REASONS = ["unknown", "revoked", "expired"] as const;
export type SharedCloseReason = (typeof SHARED_CLOSE_REASONS)[number];
/** WebSocket close codes of the shared channel (4000-4999 is the application range). */
export const SHARED_CLOSE_CODES: Record<SharedCloseReason, number> = {
  unknown: 4404,
  revoked: 4410,
  expired: 4411,
};

/**
 * The shared page's own read-only live channel (`/fr/ws/shareroute/{token}`): only positions of the link's
 * items, then `closed` when the link is revoked or expires. The client sends nothing.
 */
export const sharedLiveMessageSchema = z.discriminatedUnion("type", [
  /** The channel listens from now on (the page reads the route up to now over HTTP). */
  z.object({ type: z.literal("open"), data: z.object({ expiresTs: z.number() }) }),
  z.object({
    type: z.literal("pos"),
    data: z.object({ itemType: z.literal([1, 2, 3]), itemId: z.number(), pos: sharedPosSchema }),
  }),
  z.object({ type: z.literal("closed"), data: z.object({ reason: z.enum(SHARED_CLOSE_REASONS) }) }),
]);
export type SharedLiveMessage = z.infer<typeof sharedLiveMessageSchema>;

const companyParams = z.object({ companyId: idParam });
const tags = ["shared routes"] as const;

export const shareRoutesApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/sharedroutes",
    access: "user",
    summary: "The company's active shared-route links",
    tags,
    params: companyParams,
    response: z.array(shareLinkSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/sharedroutes",
    access: "write",
    summary: "Issue a shared-route link for some items",
    tags,
    params: companyParams,
    body: shareLinkCreateSchema,
    response: shareLinkCreatedSchema,
  }),
  revoke: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/sharedroutes/id/:id",
    access: "write",
    summary: "Revoke a shared-route link",
    tags,
    params: z.object({ companyId: idParam, id: idParam }),
    response: deletedSchema,
  }),
  /** Public: the token is the credential. 404 unknown, 410 expired or revoked. */
  view: defineRoute({
    method: "GET",
    path: "/shareroute/:token",
    access: "public",
    summary: "The shared items' positions and routes (no sign-in)",
    tags,
    params: z.object({ token: z.string().min(20).max(100) }),
    response: sharedRouteSchema,
  }),
};
