import {
  ALARM_FAMILY_DEFAULTS,
  type AlarmRuleInput,
  VEHICLE_ONLY_FAMILIES,
  WEEK_DAY_IDS,
  type WeekDay,
} from "./alarms.ts";

/** What the alarm rule form starts from and how it turns a chosen family and a duration into rule values. */

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
      buffered: false,
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
