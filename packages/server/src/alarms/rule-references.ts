import type { AlarmRuleInput } from "@vigia/domain";
import type { Reference } from "../kernel/tenancy/references.ts";

const ITEM_KIND = { 1: "vehicles", 2: "assets", 3: "persons" } as const;

/** Every id a rule names, under the field the form shows it in. */
export function ruleReferences(rule: AlarmRuleInput): Reference[] {
  const { items, info } = rule;
  const refs: Reference[] = [
    { field: "items.groupIds", kind: "groups", ids: items.groupIds },
    { field: "items.vehicleIds", kind: "vehicles", ids: items.vehicleIds },
    { field: "items.assetIds", kind: "assets", ids: items.assetIds },
    { field: "items.personIds", kind: "persons", ids: items.personIds },
    { field: "geozones.geozoneIds", kind: "geozones", ids: rule.geozones.geozoneIds },
    { field: "pois.poiIds", kind: "pois", ids: rule.pois.poiIds },
    { field: "info.geozones.geozoneIds", kind: "geozones", ids: info.geozones?.geozoneIds ?? [] },
    { field: "info.geozones.poiIds", kind: "pois", ids: info.geozones?.poiIds ?? [] },
    { field: "info.pois.geozoneIds", kind: "geozones", ids: info.pois?.geozoneIds ?? [] },
    { field: "info.pois.poiIds", kind: "pois", ids: info.pois?.poiIds ?? [] },
    { field: "notification.userIds", kind: "users", ids: rule.notification.userIds },
  ];
  // The item type is checked to be 1-3 before (`alarmRuleErrors`); its generic ids are of that table.
  const type = items.itemsType;
  if (type === 1 || type === 2 || type === 3)
    refs.push({ field: "items.itemIds", kind: ITEM_KIND[type], ids: items.itemIds });
  return refs;
}
