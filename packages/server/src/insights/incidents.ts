import { INCIDENT_EVENT_KINDS, INCIDENTS_MAX, type Incident, type Incidents } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { itemCondition, keyOf, selectItems } from "./selection.ts";

/** Alarms of this priority are safety incidents. */
const HIGH_PRIORITY = 3;

/**
 * Safety incidents of a period: harsh driving, speeding and crashes from the derived driving events, panics (SOS)
 * from the device events, and high-priority alarm notices; newest first, at most INCIDENTS_MAX, with counts per
 * item, driver and kind over all of them.
 */
/**
 * An incident key as SQL narrowing each of the three sources (null: that source cannot hold the key). The
 * numbers are checked by the patterns, so they are inlined safely. Pure.
 */
export function keyFilter(key: string): {
  driving: string | null;
  panics: string | null;
  alarms: string | null;
} {
  const none = { driving: null, panics: null, alarms: null };
  const d = /^d([123])-(\d{1,10})-(\d{1,15})-([A-Za-z]{1,40})$/.exec(key);
  if (d)
    return {
      ...none,
      driving: `e.item_type = ${d[1]} and e.item_id = ${d[2]} and e.ts = ${d[3]} and e.kind = '${d[4]}'`,
    };
  const e = /^e(\d{1,15})$/.exec(key);
  if (e) return { ...none, panics: `id = ${e[1]}` };
  const a = /^a(\d{1,15})$/.exec(key);
  if (a) return { ...none, alarms: `id = ${a[1]}` };
  return none;
}

/** One incident by its key, if the caller's scope sees its item (what "open a ticket" starts from). */
export async function findIncident(
  db: Queryable,
  scope: CompanyScope,
  key: string,
): Promise<Incident | null> {
  const found = await incidents(db, scope, { fromTs: 0, toTs: Number.MAX_SAFE_INTEGER, groupIds: [] }, key);
  return found.incidents[0] ?? null;
}

export async function incidents(
  db: Queryable,
  scope: CompanyScope,
  request: { fromTs: number; toTs: number; groupIds: number[] },
  key?: string,
): Promise<Incidents> {
  const only = key === undefined ? null : keyFilter(key);
  const narrow = (source: "driving" | "panics" | "alarms"): string =>
    only === null ? "true" : (only[source] ?? "false");
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
     where e.company_id = $1 and e.ts >= $2 and e.ts < $3 and ${narrow("driving")} and ${condition.sql.replaceAll("(item_type, item_id)", "(e.item_type, e.item_id)")}
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
     where company_id = $1 and ts >= $2 and ts < $3 and kind = 'sos' and ${narrow("panics")} and ${condition.sql}
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
       and jsonb_typeof(data->'pos') = 'object' and ${narrow("alarms")} and ${condition.sql}
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
      ticketId: null,
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
      ticketId: null,
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
      ticketId: null,
    });
  }
  all.sort((a, b) => b.ts - a.ts);
  const summary = summarize(
    all,
    driving.length === limit || panics.length === limit || alarms.length === limit,
  );
  await attachTickets(db, scope.companyId, summary.incidents);
  return summary;
}

/** Sets `ticketId` on the incidents a ticket was opened from. */
async function attachTickets(db: Queryable, companyId: number, list: Incident[]): Promise<void> {
  if (list.length === 0) return;
  const rows = await db.query<{ id: number; incident_key: string }>(
    "select id, incident_key from tickets where company_id = $1 and incident_key = any($2::text[])",
    [companyId, list.map((i) => i.key)],
  );
  const byKey = new Map(rows.map((r) => [r.incident_key, r.id]));
  for (const i of list) i.ticketId = byKey.get(i.key) ?? null;
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
