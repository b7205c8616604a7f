import { z } from "zod";

/**
 * Why the ingest kept a position apart instead of storing it (issue 14): the database refused the row
 * (`database`, with its error), the fix is more than 24 h ahead of the server clock (`futureTime`), its time
 * is zero, negative or not a number (`badTime`), its coordinates are out of range or not numbers
 * (`badCoordinates`), another number of it is not finite (`badValue`), or a frame without a fix carried
 * cell towers or Wi-Fi access points that no table or service knows (`noFix`, issue 20).
 */
export const QUARANTINE_REASONS = [
  "database",
  "futureTime",
  "badTime",
  "badCoordinates",
  "badValue",
  "noFix",
] as const;
export const quarantineReasonSchema = z.enum(QUARANTINE_REASONS);
export type QuarantineReason = z.infer<typeof quarantineReasonSchema>;

/** Largest page of the quarantine list. */
export const QUARANTINE_PAGE_MAX = 200;

export const quarantineQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(QUARANTINE_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  imei: z.string().min(1).max(64).optional(),
  protocol: z.string().min(1).max(32).optional(),
  reason: quarantineReasonSchema.optional(),
  /** Received at or after / before (epoch ms). */
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().positive().optional(),
});
export type QuarantineQuery = z.infer<typeof quarantineQuerySchema>;

/** The decoded position, as the device reported it (numbers that were not finite are null). */
export const quarantinedPositionSchema = z.object({
  ts: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  alt: z.number().nullable(),
  spd: z.number().nullable(),
  course: z.number().nullable(),
  satt: z.number().nullable(),
  valid: z.boolean(),
  attributes: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});

export const quarantinedFrameSchema = z.object({
  id: z.number(),
  receivedTs: z.number(),
  imei: z.string(),
  protocol: z.string(),
  reason: quarantineReasonSchema,
  /** The database's error for `database`, empty otherwise. */
  error: z.string(),
  /** The device's row id, null when it has been deleted since. */
  deviceId: z.number().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  /** The frame as received, capped: hex for binary frames, text for HTTP and MQTT. */
  rawFormat: z.enum(["hex", "text"]).nullable(),
  raw: z.string().nullable(),
  position: quarantinedPositionSchema.nullable(),
});
export type QuarantinedFrame = z.infer<typeof quarantinedFrameSchema>;

export const quarantinePageSchema = z.object({
  /** Rows matching the filters, all pages together. */
  total: z.number(),
  rows: z.array(quarantinedFrameSchema),
});
export type QuarantinePage = z.infer<typeof quarantinePageSchema>;
