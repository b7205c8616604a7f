import {
  type AppConfig,
  type AppConfigDevice,
  type AppConfigOverride,
  appConfigOverrideSchema,
  type CompanyAppConfig,
  decodeDeviceId,
  ENCODED_DEVICE_TYPE_ID,
  effectiveAppConfig,
  encodeDeviceId,
  ITEM_TYPE,
} from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { joinItems } from "../kernel/db/item-joins.ts";

/** The company's app devices: devices of the worker app's type (protocol "app") that belong to it. */
const APP_DEVICES = `from devices d join device_types t on t.id = d.type_id
  left join device_app_configs c on c.device_id = d.id
  ${joinItems("d")}
  where t.proto = 'app' and d.company_id = $1`;

interface DeviceRow {
  id: number;
  type_id: number;
  device_id: string;
  name: string;
  item_name: string | null;
  override: unknown;
  changed_ts: string | null;
  fetched_ts: string | null;
}

/** Awaiting while either the company's or the device's own settings changed after the app last fetched them. */
export function deviceState(
  companyTs: number | null,
  changedTs: number | null,
  fetchedTs: number | null,
): "awaiting" | "updated" {
  const changed = Math.max(companyTs ?? 0, changedTs ?? 0);
  return fetchedTs !== null && fetchedTs >= changed ? "updated" : "awaiting";
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/** A stored override, reduced to the settings that still validate (an option may have been removed since). */
function storedOverride(raw: unknown): AppConfigOverride {
  const out: Record<string, unknown> = {};
  if (typeof raw === "object" && raw !== null)
    for (const [key, value] of Object.entries(raw)) {
      const one = appConfigOverrideSchema.safeParse({ [key]: value });
      if (one.success) out[key] = value;
    }
  return appConfigOverrideSchema.parse(out);
}

export async function readCompanyAppConfig(db: Queryable, companyId: number): Promise<CompanyAppConfig> {
  const [company, devices] = await Promise.all([
    db.query<{ config: unknown; updated_ts: string }>(
      "select config, updated_ts from company_app_configs where company_id = $1",
      [companyId],
    ),
    db.query<DeviceRow>(
      `select d.id, d.type_id, d.device_id, d.name, coalesce(v.plate, a.name, p.name) as item_name, c.override,
         c.changed_ts, c.fetched_ts ${APP_DEVICES} order by d.id`,
      [companyId],
    ),
  ]);
  const companyTs = num(company[0]?.updated_ts ?? null);
  return {
    config: effectiveAppConfig(company[0]?.config, null),
    updatedTs: companyTs,
    devices: devices.map(
      (d): AppConfigDevice => ({
        id: d.id,
        deviceId: decodeDeviceId(d.type_id, d.device_id),
        name: d.name,
        itemName: d.item_name,
        override: storedOverride(d.override),
        state: deviceState(companyTs, num(d.changed_ts), num(d.fetched_ts)),
        fetchedTs: num(d.fetched_ts),
      }),
    ),
  };
}

export async function writeCompanyAppConfig(
  db: Queryable,
  companyId: number,
  config: AppConfig,
  now: number,
): Promise<void> {
  await db.query(
    `insert into company_app_configs (company_id, config, updated_ts) values ($1, $2::jsonb, $3)
     on conflict (company_id) do update set config = excluded.config, updated_ts = excluded.updated_ts`,
    [companyId, JSON.stringify(config), now],
  );
}

/** Sets one of the company's app devices' override; false when the device is not one of them. */
export async function writeDeviceOverride(
  db: Queryable,
  companyId: number,
  id: number,
  override: AppConfigOverride,
  now: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `insert into device_app_configs (device_id, override, changed_ts)
     select d.id, $3::jsonb, $4 from devices d join device_types t on t.id = d.type_id
     where d.id = $2 and d.company_id = $1 and t.proto = 'app'
     on conflict (device_id) do update set override = excluded.override, changed_ts = excluded.changed_ts
     returning device_id as id`,
    [companyId, id, JSON.stringify(override), now],
  );
  return rows.length > 0;
}

/** What an app device is told to run with: its company's configuration merged with its own settings. */
export async function fetchForDevice(
  db: Queryable,
  deviceDbId: number,
  companyId: number,
  now: number,
): Promise<{ config: AppConfig; updatedTs: number }> {
  const rows = await db.query<{
    company: unknown;
    company_ts: string | null;
    override: unknown;
    changed_ts: string | null;
  }>(
    `select cc.config as company, cc.updated_ts as company_ts, c.override, c.changed_ts
     from devices d left join company_app_configs cc on cc.company_id = d.company_id
     left join device_app_configs c on c.device_id = d.id
     where d.id = $1 and d.company_id = $2`,
    [deviceDbId, companyId],
  );
  const row = rows[0];
  // Fetched now: the app runs what it was given, so the device is "updated" until the next change.
  await db.query(
    `insert into device_app_configs (device_id, fetched_ts) values ($1, $2)
     on conflict (device_id) do update set fetched_ts = excluded.fetched_ts`,
    [deviceDbId, now],
  );
  return {
    config: effectiveAppConfig(row?.company, storedOverride(row?.override)),
    updatedTs: Math.max(num(row?.company_ts ?? null) ?? 0, num(row?.changed_ts ?? null) ?? 0),
  };
}

/**
 * The worker-app device a presented id names, with its key, when it carries one and belongs to a company.
 * Unscoped: the device authenticates itself with the answer. The app type's ids are stored encoded; legacy ones
 * with an at-sign are kept raw, so both forms are looked up and the encoded one wins.
 */
export interface AppDeviceCredential {
  id: number;
  companyId: number;
  deviceKey: string;
  /** The person the phone belongs to (the device's item when it is a person), for the app's own tasks. */
  personId: number | null;
  personName: string | null;
  /** The item the device is on (`ITEM_TYPE` code and id), whatever its kind; null when it is on none. */
  itemType: number | null;
  itemId: number | null;
}

export async function appDeviceForCredential(
  db: Queryable,
  presentedId: string,
): Promise<AppDeviceCredential | undefined> {
  const encoded = encodeDeviceId(ENCODED_DEVICE_TYPE_ID, presentedId);
  const rows = await db.query<AppDeviceCredential>(
    `select d.id, d.company_id as "companyId", d.device_key as "deviceKey",
       p.id as "personId", p.name as "personName", d.item_type as "itemType", d.item_id as "itemId"
     from devices d join device_types t on t.id = d.type_id
     left join persons p on d.item_type = ${ITEM_TYPE.person} and p.id = d.item_id and p.company_id = d.company_id
     where d.device_id = any($1::text[]) and t.proto = 'app' and d.company_id is not null
       and d.device_key is not null
     order by d.device_id = $2 desc limit 1`,
    [[encoded, presentedId], encoded],
  );
  return rows[0];
}
