import { INCIDENT_EVENT_KINDS, INCIDENTS_MAX, type Incident, type Incidents } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { itemCondition, keyOf, selectItems } from "./selection.ts";

/** Alarms of this priority are safety incidents (spec 02 §3: 3 is high). */
const HIGH_PRIORITY = 3;

/**
 * Safety incidents of a period: harsh driving, speeding and crashes from the derived driving events, panics (SOS)
 * from the device events, and high-priority alarm notices; newest first, at most INCIDENTS_MAX, with counts per
 * item, driver and kind over all of them.
 */
export async function incidents(
  db: Queryable,
  scope: CompanyScope,
  request: { fromTs: number; toTs: number; groupIds: number[] },
): Promise<Incidents> {
  const items = await selectItems(db, scope, { groupIds: request.groupIds });
  const empty: Incidents = { incidents: [], truncated: false, byItem: [], byDriver: [], byKind: {} };
  if (items.length === 0) return empty;
  const names = new Map(items.map((i) => [keyOf(i), i.name]));
  const condition = itemCondition(items, 4);
  const params = [scope.companyId, request.fromTs, request.toTs, ...condition.params];
  const limit = INCIDENTS_MAX + 1;

  const driving = await db.query<{
    item_type: number;
    item_id: number;
    ts: number;
    kind: string;
    lat: number;
    lng: number;
    spd: number;
    driver_id: number | null;
    driver_name: string | null;
  }>(
    `select e.item_type, e.item_id, e.ts, e.kind, e.lat, e.lng, e.spd, e.driver_id, d.name as driver_name
     from item_driving_events e left join drivers d on d.id = e.driver_id and d.company_id = e.company_id
     where e.company_id = $1 and e.ts >= $2 and e.ts < $3 and ${condition.sql.replaceAll("(item_type, item_id)", "(e.item_type, e.item_id)")}
     order by e.ts desc limit ${limit}`,
    params,
  );
  const panics = await db.query<{
    id: number;
    item_type: number;
    item_id: number;
    ts: number;
    lat: number;
    lng: number;
    spd: number;
  }>(
    `select id, item_type, item_id, ts, lat, lng, spd from events
     where company_id = $1 and ts >= $2 and ts < $3 and kind = 'sos' and ${condition.sql}
     order by ts desc limit ${limit}`,
    params,
  );
  const alarms = await db.query<{
    id: number;
    item_type: number;
    item_id: number;
    ts: number;
    name: string | null;
    text: string | null;
    lat: number | null;
    lng: number | null;
    spd: number | null;
  }>(
    `select id, item_type, item_id, ts, info->>'name' as name, data->>'text' as text,
       (data->'pos'->>'lat')::double precision as lat, (data->'pos'->>'lng')::double precision as lng,
       (data->'pos'->>'spd')::double precision as spd
     from alarm_logs
     where company_id = $1 and ts >= $2 and ts < $3 and (info->>'priority')::int = ${HIGH_PRIORITY}
       and jsonb_typeof(data->'pos') = 'object' and ${condition.sql}
     order by ts desc limit ${limit}`,
    params,
  );

  const all: Incident[] = [];
  for (const e of driving) {
    const kind = INCIDENT_EVENT_KINDS[e.kind];
    if (!kind) continue;
    all.push({
      key: `d${e.item_type}-${e.item_id}-${e.ts}-${e.kind}`,
      kind,
      ts: Number(e.ts),
      itemType: e.item_type,
      itemId: e.item_id,
      itemName: names.get(`${e.item_type}:${e.item_id}`) ?? "",
      driverId: e.driver_id,
      driverName: e.driver_name,
      lat: e.lat,
      lng: e.lng,
      speed: Math.trunc(e.spd),
      alarmLogId: null,
      text: e.kind,
    });
  }
  for (const p of panics)
    all.push({
      key: `e${p.id}`,
      kind: "panic",
      ts: Number(p.ts),
      itemType: p.item_type,
      itemId: p.item_id,
      itemName: names.get(`${p.item_type}:${p.item_id}`) ?? "",
      driverId: null,
      driverName: null,
      lat: p.lat,
      lng: p.lng,
      speed: Math.trunc(p.spd),
      alarmLogId: null,
      text: "sos",
    });
  for (const a of alarms) {
    if (a.lat === null || a.lng === null) continue;
    all.push({
      key: `a${a.id}`,
      kind: "alarm",
      ts: Number(a.ts),
      itemType: a.item_type,
      itemId: a.item_id,
      itemName: names.get(`${a.item_type}:${a.item_id}`) ?? "",
      driverId: null,
      driverName: null,
      lat: a.lat,
      lng: a.lng,
      speed: Math.trunc(a.spd ?? 0),
      alarmLogId: Number(a.id),
      text: a.name ?? a.text ?? "",
    });
  }
  all.sort((a, b) => b.ts - a.ts);
  return summarize(all, driving.length === limit || panics.length === limit || alarms.length === limit);
}

/** Counts per item, driver and kind, and the newest INCIDENTS_MAX incidents. Pure. */
export function summarize(all: Incident[], cut: boolean): Incidents {
  const byItem = new Map<string, { itemType: number; itemId: number; name: string; count: number }>();
  const byDriver = new Map<number, { driverId: number; name: string; count: number }>();
  const byKind: Record<string, number> = {};
  for (const i of all) {
    const key = `${i.itemType}:${i.itemId}`;
    const item = byItem.get(key) ?? { itemType: i.itemType, itemId: i.itemId, name: i.itemName, count: 0 };
    item.count++;
    byItem.set(key, item);
    if (i.driverId !== null) {
      const driver = byDriver.get(i.driverId) ?? { driverId: i.driverId, name: i.driverName ?? "", count: 0 };
      driver.count++;
      byDriver.set(i.driverId, driver);
    }
    byKind[i.kind] = (byKind[i.kind] ?? 0) + 1;
  }
  const desc = <T extends { count: number }>(list: Iterable<T>) =>
    [...list].sort((a, b) => b.count - a.count);
  return {
    incidents: all.slice(0, INCIDENTS_MAX),
    truncated: cut || all.length > INCIDENTS_MAX,
    byItem: desc(byItem.values()),
    byDriver: desc(byDriver.values()),
    byKind,
  };
}
