import { EVENT_FAMILY_CODES, eventFamilyValueError } from "./alarm-event-families.ts";
import {
  ALARM_CONSUMPTION_MIN,
  ALARM_DESCRIPTION_MAX,
  ALARM_EXT_EMAIL_MAX,
  ALARM_FAMILY,
  ALARM_NAME_MAX,
  type AlarmRuleInput,
  type ExtUser,
  TIME_FAMILIES,
  VEHICLE_ONLY_FAMILIES,
} from "./alarms.ts";
import { ITEM_TYPE, LANGUAGES } from "./codes.ts";
import { isValidEmail } from "./fields.ts";

/**
 * The save-disabled conditions of an alarm rule, in one place: the form disables save when
 * `alarmRuleErrors` returns anything, the server answers 400 with the same field map.
 */

/** Ids chosen for the rule's item type (the generic itemIds count for any type). */
export function ruleItemIds(items: AlarmRuleInput["items"]): number[] {
  const byType =
    items.itemsType === ITEM_TYPE.vehicle
      ? items.vehicleIds
      : items.itemsType === ITEM_TYPE.asset
        ? items.assetIds
        : items.itemsType === ITEM_TYPE.person
          ? items.personIds
          : [];
  return [...new Set([...byType, ...items.itemIds])];
}

/** A rule is on vehicles, assets or persons. */
const RULE_ITEM_TYPES: readonly number[] = [ITEM_TYPE.vehicle, ITEM_TYPE.asset, ITEM_TYPE.person];

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

/** One external recipient row: e-mail valid and with language and zone, or nothing at all. */
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
 * Every save-disabled condition, keyed by field path, with i18n message keys. Empty when the
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

  if (!RULE_ITEM_TYPES.includes(rule.items.itemsType)) e["items.itemsType"] = "required";
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
  } else if (family !== null && EVENT_FAMILY_CODES.has(family)) {
    const error = eventFamilyValueError(family, info.value);
    if (error) e["info.value"] = error;
  } else if (family !== null && family !== ALARM_FAMILY.trackWithoutDriver) {
    // Codes the spec does not name still need their value.
    if (info.value === null) e["info.value"] = "required";
  }
  if (family !== null && VEHICLE_ONLY_FAMILIES.has(family) && rule.items.itemsType !== ITEM_TYPE.vehicle)
    e["items.itemsType"] = "vehicleOnly";

  rule.notification.extUsers.forEach((u, i) => {
    for (const [field, message] of Object.entries(extUserErrors(u)))
      e[`notification.extUsers.${i}.${field}`] = message;
  });
  return e;
}
