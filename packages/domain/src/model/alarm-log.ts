/**
 * An alarm notice (alarm log) as the API lists it and the live `alarmlog` message carries it.
 * Types derive from the schemas, which the browser uses to check live notices.
 */
import { z } from "zod";
import { DEVICE_EVENT_FAMILIES } from "./alarm-event-families.ts";
import { ALARM_NOTE_MAX, alarmNotificationSchema } from "./alarms.ts";

export const alarmLogStateValueSchema = z.literal([0, 1, 2]);

export const alarmStateEntrySchema = z.object({
  value: alarmLogStateValueSchema,
  ts: z.number(),
  by: z.string(),
  text: z.string(),
});
export type AlarmStateEntry = z.infer<typeof alarmStateEntrySchema>;

export const alarmDeliverySchema = z.object({
  channel: z.enum(["email", "sms", "pushApp", "pushFront", "cra"]),
  target: z.string(),
  status: z.enum(["pending", "sent", "failed", "queued", "notConfigured"]),
  attempts: z.number().int(),
  error: z.string().nullable(),
  ts: z.number(),
});
export type AlarmDelivery = z.infer<typeof alarmDeliverySchema>;

export const alarmLogPosSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  spd: z.number(),
  alt: z.number(),
  src: z.number(),
  satt: z.number(),
});
export type AlarmLogPos = z.infer<typeof alarmLogPosSchema>;

export const alarmLogEpisodeSchema = z.object({
  start: z.number(),
  end: z.number().nullable(),
  maxSpeed: z.number().optional(),
});
export type AlarmLogEpisode = z.infer<typeof alarmLogEpisodeSchema>;

export const alarmLogSchema = z.object({
  id: z.number().int(),
  ts: z.number(),
  receptionTs: z.number(),
  itemType: z.literal([1, 2, 3]),
  itemId: z.number().int(),
  itemName: z.string(),
  companyId: z.number().int(),
  info: z.object({
    name: z.string(),
    priority: z.number(),
    family: z.number(),
    description: z.string(),
    notification: alarmNotificationSchema.extend({ recipients: z.array(z.string()) }),
    alarmId: z.number().int().nullable(),
    craCode: z.string(),
    craId: z.number().int().nullable(),
  }),
  data: z.object({
    event: z.string(),
    text: z.string(),
    pos: alarmLogPosSchema.nullable(),
    /** Episode families: when the condition began and ended (null while it lasts) and the peak speed. */
    episode: alarmLogEpisodeSchema.optional(),
  }),
  state: z.object({ current: alarmStateEntrySchema, historic: z.array(alarmStateEntrySchema) }),
  seen: z.boolean(),
  /** Raised from buffered data: a record older than the item's newest fix or than the staleness limit. */
  late: z.boolean().default(false),
  delivery: z.array(alarmDeliverySchema),
});
export type AlarmLog = z.infer<typeof alarmLogSchema>;

/** A note on a state change: optional, trimmed, at most 500 characters. */
export const alarmNoteSchema = z.string().trim().max(ALARM_NOTE_MAX, "tooLong").default("");
export const alarmStateUpdateSchema = z.object({
  value: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  text: alarmNoteSchema,
});
export const alarmBulkUpdateSchema = alarmStateUpdateSchema.extend({
  alarmLogIds: z.array(z.number().int()).min(1).max(5000),
});

/**
 * The policy for notices raised from buffered data: a device event the record carries (SOS, crash…) is sent
 * as a live one; a state or place family (geozone, speeding, idle…) only when its rule opts in with "notify for
 * buffered data". A notice that is not sent is still recorded, marked late.
 */
export function notifiesBufferedNotice(family: number, notification: { buffered?: boolean }): boolean {
  return DEVICE_EVENT_FAMILIES.has(family) || notification.buffered === true;
}

/** Whether a notice is notified at all: live ones always, buffered ones by `notifiesBufferedNotice`. */
export function notifiesNotice(log: {
  late?: boolean;
  info: { family: number; notification: { buffered?: boolean } };
}): boolean {
  return log.late !== true || notifiesBufferedNotice(log.info.family, log.info.notification);
}

/** Whether a live notice should raise the toast for this user. */
export function showsAlarmToast(
  log: {
    late?: boolean;
    info: { family: number; notification: { pushFront: boolean; buffered?: boolean; recipients: string[] } };
  },
  user: { email: string; reseller: boolean },
): boolean {
  if (!log.info.notification.pushFront || !notifiesNotice(log)) return false;
  if (user.reseller) return true;
  const email = user.email.trim().toLowerCase();
  return log.info.notification.recipients.some((r) => r.trim().toLowerCase() === email);
}

/** Notices of a period (`from_ts`, `to_ts` in ms, both optional). */
export const alarmLogRangeSchema = z.object({
  from_ts: z.coerce.number().int().optional(),
  to_ts: z.coerce.number().int().optional(),
});
export const alarmLogIdsSchema = z.object({ alarmLogIds: z.array(z.number().int()).min(1).max(5000) });
/** POST alarmlogs/updatebulk: the notices changed and, for each one that was not, why. */
export const alarmBulkResultSchema = z.object({
  updated: z.array(alarmLogSchema),
  noupdated: z.array(z.object({ alarmlogId: z.number().int(), error: z.string() })),
});
export type AlarmBulkResult = z.infer<typeof alarmBulkResultSchema>;
