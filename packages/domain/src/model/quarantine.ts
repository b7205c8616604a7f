import { z } from "zod";

/**
 * Why the ingest kept a position apart instead of storing it: the database refused the row
 * (`database`, with its error), the fix is more than 24 h ahead of the server clock (`futureTime`), its time
 * is zero, negative or not a number (`badTime`), its coordinates are out of range or not numbers
 * (`badCoordinates`), another number of it is not finite (`badValue`), or a frame without a fix carried
 * cell towers or Wi-Fi access points that no table or service knows (`noFix`), or the decoder could
 * not read all of the frame (`undecoded`: a tag or record it does not know; the decoder's reason is the error and
 * the whole frame is kept, so `vigia quarantine redecode` restores its positions after an upgrade).
 */
export const QUARANTINE_REASONS = [
  "database",
  "futureTime",
  "badTime",
  "badCoordinates",
  "badValue",
  "noFix",
  "undecoded",
] as const;
export const quarantineReasonSchema = z.enum(QUARANTINE_REASONS);
export type QuarantineReason = z.infer<typeof quarantineReasonSchema>;

/** How far a device clock may run ahead before its fixes are taken as wrong rather than stored. */
export const FUTURE_TOLERANCE_MS = 24 * 3_600_000;

/**
 * The newest time a stored record can carry: lists that should show what just arrived end their range here,
 * since a device or phone clock a little ahead stamps records past "now".
 */
export const latestStorableTs = (now: number): number => now + FUTURE_TOLERANCE_MS;

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
  /** The database's error for `database`, the decoder's reason for `undecoded`, empty otherwise. */
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

/**
 * The tables cell and Wi-Fi positions are resolved from, as a reseller sees them: the shared tower and
 * access-point tables filled by `vigia import-cells` / `import-wifi`, the access points learned from its
 * companies' GPS fixes, whether an online geolocation service is configured, the imports run so far, and how many
 * of its frames stayed without a position (`noFix` in the quarantine) over the last day.
 */
export const cellTableImportSchema = z.object({
  table: z.enum(["cells", "wifi"]),
  /** The imported file's name. */
  file: z.string(),
  lines: z.number(),
  imported: z.number(),
  errors: z.number(),
  done: z.boolean(),
  updatedTs: z.number(),
});
export const cellTablesStatusSchema = z.object({
  towers: z.number(),
  accessPoints: z.number(),
  learnedAccessPoints: z.number(),
  onlineService: z.boolean(),
  unresolvedLastDay: z.number(),
  imports: z.array(cellTableImportSchema),
});
export type CellTablesStatus = z.infer<typeof cellTablesStatusSchema>;

/**
 * Why an item shows no current position: the newest report of its device that had no GPS fix and
 * whose cell towers and Wi-Fi access points no table or service knew. The panel shows it when it is newer than
 * the item's position; `towers` and `accessPoints` count what the report carried.
 */
export const unlocatedReportSchema = z.object({
  report: z
    .object({
      ts: z.number(),
      receivedTs: z.number(),
      towers: z.number(),
      accessPoints: z.number(),
    })
    .nullable(),
});
export type UnlocatedReport = z.infer<typeof unlocatedReportSchema>;
