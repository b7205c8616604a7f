import { z } from "zod";
import { defineRoute, idParam } from "../model/contract.ts";

/** Where a company's positions and events can go (spec: company `conf.postsender[]`). */
export const FORWARD_KINDS = ["webhook", "mqtt", "osmand"] as const;
export type ForwardKind = (typeof FORWARD_KINDS)[number];

const SCHEMES: Record<ForwardKind, readonly string[]> = {
  webhook: ["http:", "https:"],
  osmand: ["http:", "https:"],
  mqtt: ["mqtt:", "mqtts:"],
};

export const forwardTargetInputSchema = z
  .object({
    name: z.string().trim().min(1, "required").max(80),
    kind: z.enum(FORWARD_KINDS),
    url: z.string().trim().min(1, "required").max(500),
    /** Webhook: the HMAC-SHA256 key of X-Vigia-Signature; MQTT: the password (the user name is the target's
     *  name). Empty on an update keeps the stored one. */
    secret: z.string().max(200).default(""),
    /** MQTT: the topic prefix (`<prefix>/<device id>`). */
    topic: z.string().trim().max(200).default(""),
    batchSize: z.number().int().min(1).max(500).default(50),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    let ok = false;
    try {
      const url = new URL(v.url);
      ok = SCHEMES[v.kind].includes(url.protocol) && !url.username && !url.password;
    } catch {
      ok = false;
    }
    if (!ok) ctx.addIssue({ code: "custom", path: ["url"], message: "forward.url" });
  });
export type ForwardTargetInput = z.input<typeof forwardTargetInputSchema>;

export const forwardTargetSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(FORWARD_KINDS),
  url: z.string(),
  topic: z.string(),
  batchSize: z.number(),
  active: z.boolean(),
  hasSecret: z.boolean(),
  /** Per-target delivery status (shown on the company's integrations page). */
  lastSuccessTs: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorTs: z.number().nullable(),
  attempts: z.number(),
  nextAttemptTs: z.number(),
  backlog: z.number(),
  dead: z.number(),
});
export type ForwardTarget = z.infer<typeof forwardTargetSchema>;

/** One forwarded record: a committed position with the events it raised. */
export const forwardRecordSchema = z.object({
  companyId: z.number(),
  deviceId: z.string(),
  itemType: z.number(),
  itemId: z.number(),
  ts: z.number(),
  lat: z.number(),
  lng: z.number(),
  alt: z.number(),
  spd: z.number(),
  course: z.number(),
  satt: z.number(),
  valid: z.boolean(),
  events: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  /**
   * Older than a position of the device sent before it (a buffered upload): the receiving platform may not take it
   * for the device's current position.
   */
  late: z.boolean().optional(),
});
export type ForwardRecord = z.infer<typeof forwardRecordSchema>;

const tags = ["forwarding"] as const;
const params = z.object({ companyId: idParam });
const oneParams = z.object({ companyId: idParam, targetId: idParam });

/** Data forwarding targets of a company (administrators). */
export const forwardingApi = {
  list: defineRoute({
    method: "GET",
    path: "/companies/id/:companyId/forwarding",
    access: "adminRead",
    summary: "The company's forwarding targets with their delivery status",
    tags,
    params,
    response: z.array(forwardTargetSchema),
  }),
  create: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/forwarding",
    access: "admin",
    summary: "Add a forwarding target",
    tags,
    params,
    body: forwardTargetInputSchema,
    response: forwardTargetSchema,
  }),
  update: defineRoute({
    method: "PUT",
    path: "/companies/id/:companyId/forwarding/id/:targetId",
    access: "admin",
    summary: "Change a forwarding target (an empty secret keeps the stored one)",
    tags,
    params: oneParams,
    body: forwardTargetInputSchema,
    response: forwardTargetSchema,
  }),
  remove: defineRoute({
    method: "DELETE",
    path: "/companies/id/:companyId/forwarding/id/:targetId",
    access: "admin",
    summary: "Delete a forwarding target with its queue",
    tags,
    params: oneParams,
    response: null,
  }),
  retryDead: defineRoute({
    method: "POST",
    path: "/companies/id/:companyId/forwarding/id/:targetId/retry",
    access: "admin",
    summary: "Put a target's dead letters back in its queue",
    tags,
    params: oneParams,
    response: forwardTargetSchema,
  }),
};
