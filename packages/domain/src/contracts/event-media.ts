import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";
import { eventMediaSchema } from "../model/event-media.ts";
import { storedFileSchema } from "../model/files.ts";

const companyParams = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, id: idParam });
const tags = ["eventmedia"] as const;
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** Photos and clips devices attach to their events, and the company's view of them. */
export const eventMediaApi = {
  upload: defineRoute({
    method: "POST",
    path: "/device/media",
    access: "public",
    summary:
      "A device attaches a photo or clip to one of its events (raw body; JPEG, PNG, WebP, MP4 or WebM ≤ 20 MB). Authenticated with the device credentials: HTTP basic auth with the device id as user and the device key as password (or ?id=&key=)",
    tags,
    query: z.object({
      id: z.string().max(64).optional(),
      key: z.string().max(64).optional(),
      /** The event's time (epoch ms) as the device stamped it; the time of reception when absent. */
      ts: epochMs.optional(),
      event: z.string().max(200).default(""),
      name: z.string().max(500).default("media"),
    }),
    response: z.object({ id: z.number(), file: storedFileSchema }),
  }),
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/eventmedia",
    access: "user",
    summary: "Photos and clips of one item's events between two times (epoch ms), newest first",
    tags,
    params: companyParams,
    query: z.object({
      itemType: z.coerce.number().pipe(z.literal([1, 2, 3])),
      itemId: idParam,
      from: epochMs,
      to: epochMs,
    }),
    response: z.array(eventMediaSchema),
  }),
  file: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/eventmedia/id/:id",
    access: "user",
    summary: "The bytes of one event photo or clip, for whoever sees its item",
    tags,
    params: oneParams,
    response: z.string().describe("the file's bytes, with its content type"),
  }),
};
