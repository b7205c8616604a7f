import { z } from "zod";
import { LANGUAGES } from "./codes.ts";
import { isValidEmail } from "./validation/fields.ts";

/**
 * Alarm rules and notices (spec 02 §2-§5, §9). The rule shape is the API's; `alarmRuleErrors` is the one
 * place where the save-disabled conditions live: the form disables save when it returns anything, the
 * server answers 400 with the same field map.
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
} as const;
export type AlarmFamilyKey = keyof typeof ALARM_FAMILY;
export type AlarmFamily = (typeof ALARM_FAMILY)[AlarmFamilyKey];
export const ALARM_FAMILY_KEYS = Object.keys(ALARM_FAMILY) as AlarmFamilyKey[];
export const familyKeyOf = (code: number): AlarmFamilyKey | null =>
  ALARM_FAMILY_KEYS.find((k) => ALARM_FAMILY[k] === code) ?? null;

/** Families whose value is a duration in milliseconds. */
export const TIME_FAMILIES: ReadonlySet<number> = new Set([11, 12, 13, 14, 15]);
/** Families that only make sense for vehicles: choosing them forces the item type. */
export const VEHICLE_ONLY_FAMILIES: ReadonlySet<number> = new Set([14, 15, 17]);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Create-mode presets of spec 02 §9 (durations in ms; consumption in L/100km). */
export const ALARM_FAMILY_DEFAULTS: Partial<Record<number, number>> = {
  11: 5 * MINUTE,
  12: 7 * DAY,
  13: 7 * DAY,
  14: 4 * HOUR + 30 * MINUTE,
  15: DAY,
  19: 15,
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
  }),
  action: z.object({ customStateId: z.number().int().nullable() }).default({ customStateId: null }),
});
export type AlarmRuleInput = z.infer<typeof alarmRuleInputSchema>;
export type AlarmRule = AlarmRuleInput & { id: number; createdTs: number; updatedTs: number };

/** Ids chosen for the rule's item type (the generic itemIds count for any type). */
export function ruleItemIds(items: AlarmRuleInput["items"]): number[] {
  const byType =
    items.itemsType === 1
      ? items.vehicleIds
      : items.itemsType === 2
        ? items.assetIds
        : items.itemsType === 3
          ? items.personIds
          : [];
  return [...new Set([...byType, ...items.itemIds])];
}

const validTimezone = (tz: string): boolean => {
  if (tz === "") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const validHm = (t: { hour: number; minute: number }): boolean =>
  Number.isInteger(t.hour) &&
  Number.isInteger(t.minute) &&
  t.hour >= 0 &&
  t.hour <= 23 &&
  t.minute >= 0 &&
  t.minute <= 59;

/** One external recipient row (spec 02 §5): e-mail valid and with language and zone, or nothing at all. */
export function extUserErrors(user: ExtUser): Record<string, string> {
  const out: Record<string, string> = {};
  const email = user.email.trim();
  if (email !== "") {
    if (email.length > ALARM_EXT_EMAIL_MAX || !isValidEmail(email)) out.email = "invalidEmail";
    if (!(LANGUAGES as readonly string[]).includes(user.language)) out.language = "required";
    if (!validTimezone(user.timezone)) out.timezone = "required";
  } else {
    if (user.language !== "") out.language = "invalid";
    if (user.timezone !== "") out.timezone = "invalid";
  }
  return out;
}

/**
 * Every save-disabled condition of spec 02 §5, keyed by field path, with i18n message keys. Empty when the
 * rule may be saved.
 */
export function alarmRuleErrors(rule: AlarmRuleInput): Record<string, string> {
  const e: Record<string, string> = {};
  const { info } = rule;
  const name = info.name.trim();
  if (name === "") e["info.name"] = "required";
  else if (name.length > ALARM_NAME_MAX) e["info.name"] = "tooLong";
  if (info.description.length > ALARM_DESCRIPTION_MAX) e["info.description"] = "tooLong";
  if (info.family === null) e["info.family"] = "required";
  if (info.priority === null) e["info.priority"] = "required";
  else if (![1, 2, 3].includes(info.priority)) e["info.priority"] = "invalid";

  if (![1, 2, 3].includes(rule.items.itemsType)) e["items.itemsType"] = "required";
  else if (rule.items.groupIds.length === 0 && ruleItemIds(rule.items).length === 0)
    e["items.itemIds"] = "required";

  if (rule.geozones.active && rule.geozones.geozoneIds.length === 0) e["geozones.geozoneIds"] = "required";
  if (rule.pois.active && rule.pois.poiIds.length === 0) e["pois.poiIds"] = "required";
  if (rule.customStates.active) {
    if (rule.customStates.stateIds.length === 0) e["customStates.stateIds"] = "required";
    if (![3, 4].includes(rule.customStates.logic)) e["customStates.logic"] = "invalid";
  }
  if (rule.timeRange.active) {
    const days = Object.values(rule.timeRange.weekTime);
    if (!days.some((d) => d.enabled)) e["timeRange.weekTime"] = "required";
    for (const d of days)
      if (d.enabled && (!validHm(d.from) || !validHm(d.to))) e[`timeRange.weekTime.${d.id}`] = "invalidTime";
    if (!validTimezone(rule.timeRange.timezone)) e["timeRange.timezone"] = "invalid";
  }

  const family = info.family;
  if (family === ALARM_FAMILY.geozone) {
    const target = info.geozones;
    if (!target?.geozoneIds?.length) e["info.geozones.geozoneIds"] = "required";
    if (!target?.toIn && !target?.toOut) e["info.geozones.direction"] = "required";
  } else if (family === ALARM_FAMILY.poi) {
    const target = info.pois;
    if (!target?.poiIds?.length) e["info.pois.poiIds"] = "required";
    if (!target?.toIn && !target?.toOut) e["info.pois.direction"] = "required";
  } else if (family === ALARM_FAMILY.state) {
    if (!info.states?.stateIds.length) e["info.states.stateIds"] = "required";
    else if (![3, 4].includes(info.states.logic)) e["info.states.logic"] = "invalid";
  } else if (family !== null && TIME_FAMILIES.has(family)) {
    if (info.value === null || !(info.value > 0)) e["info.value"] = "required";
  } else if (family === ALARM_FAMILY.monthlyConsumption) {
    if (info.value === null || Number.isNaN(info.value)) e["info.value"] = "required";
    else if (info.value < ALARM_CONSUMPTION_MIN) e["info.value"] = "min";
  } else if (family !== null && family !== ALARM_FAMILY.trackWithoutDriver) {
    // Codes the spec does not name still need their value.
    if (info.value === null) e["info.value"] = "required";
  }
  if (family !== null && VEHICLE_ONLY_FAMILIES.has(family) && rule.items.itemsType !== 1)
    e["items.itemsType"] = "vehicleOnly";

  rule.notification.extUsers.forEach((u, i) => {
    for (const [field, message] of Object.entries(extUserErrors(u)))
      e[`notification.extUsers.${i}.${field}`] = message;
  });
  return e;
}

/** A create-mode rule with the family's presets applied (value, forced vehicle type). */
export function applyFamilyPreset(rule: AlarmRuleInput, family: number): AlarmRuleInput {
  const value = ALARM_FAMILY_DEFAULTS[family] ?? null;
  return {
    ...rule,
    items: VEHICLE_ONLY_FAMILIES.has(family) ? { ...rule.items, itemsType: 1 } : rule.items,
    info: { ...rule.info, family, value },
  };
}

/** Splits milliseconds into the picker's units (idle: h m s; others: d h m). */
export function splitDuration(ms: number, withSeconds: boolean) {
  const total = Math.max(0, Math.round(ms / 1000));
  if (withSeconds)
    return {
      days: 0,
      hours: Math.floor(total / 3600),
      minutes: Math.floor((total % 3600) / 60),
      seconds: total % 60,
    };
  const minutes = Math.floor(total / 60);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
    seconds: 0,
  };
}
export const joinDuration = (d: { days: number; hours: number; minutes: number; seconds: number }): number =>
  (((d.days * 24 + d.hours) * 60 + d.minutes) * 60 + d.seconds) * 1000;

/** A note on a state change: optional, trimmed, at most 500 characters. */
export const alarmNoteSchema = z.string().trim().max(ALARM_NOTE_MAX, "tooLong").default("");
export const alarmStateUpdateSchema = z.object({
  value: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  text: alarmNoteSchema,
});
export const alarmBulkUpdateSchema = alarmStateUpdateSchema.extend({
  alarmLogIds: z.array(z.number().int()).min(1).max(5000),
});

/** Whether a live notice should raise the toast for this user (spec 02 §4). */
export function showsAlarmToast(
  log: { info: { notification: { pushFront: boolean; recipients: string[] } } },
  user: { email: string; reseller: boolean },
): boolean {
  if (!log.info.notification.pushFront) return false;
  if (user.reseller) return true;
  const email = user.email.trim().toLowerCase();
  return log.info.notification.recipients.some((r) => r.trim().toLowerCase() === email);
}

/** An empty rule for the create form. */
export function emptyAlarmRule(timezone = "Europe/Madrid"): AlarmRuleInput {
  const weekTime: Record<string, WeekDay> = {};
  for (const id of WEEK_DAY_IDS)
    weekTime[id] = {
      enabled: false,
      id,
      name: "",
      from: { hour: 0, minute: 0 },
      to: { hour: 23, minute: 59 },
    };
  return {
    items: { itemsType: 1, groupIds: [], itemIds: [], vehicleIds: [], assetIds: [], personIds: [] },
    geozones: { active: false, in: true, geozoneIds: [] },
    pois: { active: false, in: true, poiIds: [] },
    inTrack: { active: false, in: true },
    timeRange: { active: false, in: true, timezone, weekTime },
    customStates: { active: false, logic: 3, stateIds: [] },
    notification: {
      sms: false,
      email: false,
      pushApp: false,
      pushFront: true,
      userIds: [],
      extUsers: [],
      cra: false,
      craId: null,
    },
    info: {
      name: "",
      description: "",
      priority: null,
      family: null,
      value: null,
      active: true,
      craCode: "",
      alarmId: null,
      others: {},
    },
    action: { customStateId: null },
  };
}
