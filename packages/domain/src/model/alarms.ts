import { z } from "zod";
import { alarmEpisodeSettingsSchema } from "./alarm-episodes.ts";
import { EVENT_FAMILY, EVENT_FAMILY_DEFAULTS } from "./alarm-event-families.ts";

/**
 * Alarm rules: families, limits and the rule's shape as the API takes and returns it.
 * The save-disabled conditions are in `alarm-rule-checks.ts`, the create-form helpers in `alarm-rule-draft.ts`.
 */

export const ALARM_FAMILY = {
  geozone: 5,
  poi: 6,
  state: 10,
  idle: 11,
  offline: 12,
  maxStop: 13,
  maxDriving: 14,
  maxParked: 15,
  trackWithoutDriver: 17,
  monthlyConsumption: 19,
  ...EVENT_FAMILY,
} as const;
export type AlarmFamilyKey = keyof typeof ALARM_FAMILY;
export type AlarmFamily = (typeof ALARM_FAMILY)[AlarmFamilyKey];
export const ALARM_FAMILY_KEYS = Object.keys(ALARM_FAMILY) as AlarmFamilyKey[];
export const familyKeyOf = (code: number): AlarmFamilyKey | null =>
  ALARM_FAMILY_KEYS.find((k) => ALARM_FAMILY[k] === code) ?? null;

/** Families whose value is a duration in milliseconds. */
export const TIME_FAMILIES: ReadonlySet<number> = new Set([11, 12, 13, 14, 15]);
/** Families that only make sense for vehicles (itineraries are assigned to vehicles): choosing them forces the item type. */
export const VEHICLE_ONLY_FAMILIES: ReadonlySet<number> = new Set([14, 15, 17, 35]);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Create-mode presets (durations in ms; consumption in L/100km). */
export const ALARM_FAMILY_DEFAULTS: Partial<Record<number, number>> = {
  11: 5 * MINUTE,
  12: 7 * DAY,
  13: 7 * DAY,
  14: 4 * HOUR + 30 * MINUTE,
  15: DAY,
  19: 15,
  ...EVENT_FAMILY_DEFAULTS,
};

export const ALARM_PRIORITY = { low: 1, medium: 2, high: 3 } as const;
export const ALARM_PRIORITY_COLOR: Record<number, string> = { 1: "green", 2: "blue", 3: "red" };
export const CUSTOM_STATE_LOGIC = { equal: 3, unequal: 4 } as const;
export const ALARM_SOURCE = { events: 1, sensors: 2 } as const;

export const ALARM_LOG_STATE = { open: 0, inProcess: 1, resolved: 2 } as const;
export type AlarmLogStateValue = 0 | 1 | 2;

export const ALARM_NAME_MAX = 100;
export const ALARM_DESCRIPTION_MAX = 200;
export const ALARM_EXT_EMAIL_MAX = 80;
export const ALARM_NOTE_MAX = 500;
export const ALARM_SAVE_LOCK_MS = 500;
export const ALARM_ARROW_THROTTLE_MS = 300;
export const ALARM_CONSUMPTION_MIN = 1;
/** Day ids: Sunday 0 … Saturday 6; the week is shown starting on Monday. */
export const WEEK_DAY_IDS = [1, 2, 3, 4, 5, 6, 0] as const;

const hm = z.object({ hour: z.number().int(), minute: z.number().int() });
export const weekDaySchema = z.object({
  enabled: z.boolean(),
  id: z.number().int().min(0).max(6),
  name: z.string().default(""),
  from: hm,
  to: hm,
});
export type WeekDay = z.infer<typeof weekDaySchema>;

export const extUserSchema = z.object({
  email: z.string().default(""),
  smsPhone: z.string().default(""),
  language: z.string().default(""),
  timezone: z.string().default(""),
});
export type ExtUser = z.infer<typeof extUserSchema>;

export const alarmNotificationSchema = z.object({
  sms: z.boolean().default(false),
  email: z.boolean().default(false),
  pushApp: z.boolean().default(false),
  pushFront: z.boolean().default(false),
  userIds: z.array(z.number().int()).default([]),
  extUsers: z.array(extUserSchema).default([]),
  cra: z.boolean().default(false),
  craId: z.number().int().nullable().default(null),
  /**
   * "Notify for buffered data": notices of state and place families raised from buffered data (a backlog
   * uploaded late) are sent like live ones. Off, they are only recorded (see `notifiesBufferedNotice`).
   */
  buffered: z.boolean().default(false),
});

const zoneTarget = z.object({
  geozoneIds: z.array(z.number().int()).optional(),
  poiIds: z.array(z.number().int()).optional(),
  toIn: z.boolean().default(false),
  toOut: z.boolean().default(false),
});

/** The rule as the client sends it; shape only: the business conditions are `alarmRuleErrors`. */
export const alarmRuleInputSchema = z.object({
  items: z.object({
    itemsType: z.number().int().min(0).max(3),
    groupIds: z.array(z.number().int()).default([]),
    itemIds: z.array(z.number().int()).default([]),
    vehicleIds: z.array(z.number().int()).default([]),
    assetIds: z.array(z.number().int()).default([]),
    personIds: z.array(z.number().int()).default([]),
  }),
  geozones: z
    .object({ active: z.boolean(), in: z.boolean(), geozoneIds: z.array(z.number().int()) })
    .default({ active: false, in: true, geozoneIds: [] }),
  pois: z
    .object({ active: z.boolean(), in: z.boolean(), poiIds: z.array(z.number().int()) })
    .default({ active: false, in: true, poiIds: [] }),
  inTrack: z.object({ active: z.boolean(), in: z.boolean() }).default({ active: false, in: true }),
  timeRange: z
    .object({
      active: z.boolean(),
      in: z.boolean(),
      timezone: z.string(),
      weekTime: z.record(z.string(), weekDaySchema),
    })
    .default({ active: false, in: true, timezone: "Europe/Madrid", weekTime: {} }),
  customStates: z
    .object({ active: z.boolean(), logic: z.number().int(), stateIds: z.array(z.number().int()) })
    .default({ active: false, logic: 3, stateIds: [] }),
  notification: alarmNotificationSchema.default({
    sms: false,
    email: false,
    pushApp: false,
    pushFront: false,
    userIds: [],
    extUsers: [],
    cra: false,
    craId: null,
    buffered: false,
  }),
  info: z.object({
    name: z.string(),
    description: z.string().default(""),
    priority: z.number().int().nullable(),
    family: z.number().int().nullable(),
    value: z.number().nullable().default(null),
    active: z.boolean().default(true),
    craCode: z.string().default(""),
    alarmId: z.number().int().nullable().default(null),
    others: z.record(z.string(), z.unknown()).default({}),
    geozones: zoneTarget.optional(),
    pois: zoneTarget.optional(),
    /** State family: the custom states the item's state must become equal (3) or unequal (4) to. */
    states: z.object({ logic: z.number().int(), stateIds: z.array(z.number().int()) }).optional(),
    /** Episode families: the rule's own confirmation, release and reminder timings (`alarm-episodes.ts`). */
    episode: alarmEpisodeSettingsSchema.optional(),
  }),
  action: z.object({ customStateId: z.number().int().nullable() }).default({ customStateId: null }),
});
export type AlarmRuleInput = z.infer<typeof alarmRuleInputSchema>;
/** A stored rule as the API returns it: the input shape plus its id and times. */
export const alarmRuleSchema = alarmRuleInputSchema.extend({
  id: z.number().int(),
  createdTs: z.number(),
  updatedTs: z.number(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;

/** GET alarms/inputs: the families and priorities the rule form offers, with their names in every language. */
export const alarmInputsSchema = z.object({
  families: z.record(z.string(), z.object({ id: z.number().int(), name: z.record(z.string(), z.string()) })),
  priorities: z.record(
    z.string(),
    z.object({ id: z.number().int(), name: z.string(), names: z.record(z.string(), z.string()) }),
  ),
});
export type AlarmInputs = z.infer<typeof alarmInputsSchema>;

/** An alarm-receiving centre as a company sees it (the rule form's CRA choice). */
export const craSchema = z.object({ id: z.number().int(), name: z.string() });
export type Cra = z.infer<typeof craSchema>;
/** An alarm-receiving centre as its reseller manages it. */
export const resellerCraSchema = craSchema.extend({ url: z.string(), resellerId: z.number().int() });
export type ResellerCra = z.infer<typeof resellerCraSchema>;
export const craInputSchema = z.object({ name: z.string().trim().min(1).max(100), url: z.url().max(500) });

/** A browser push subscription named by its endpoint alone: what unsubscribing and signing out send. */
export const pushEndpointSchema = z.object({ endpoint: z.url().max(2000) });

/** A browser's Web Push subscription, as PushManager hands it over. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
