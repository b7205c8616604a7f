import { CUSTOM_STATE_NONE } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";

const STATE_NAMES: Record<number, string> = {
  0: "active",
  1: "active",
  2: "neutral",
  3: "suspended",
  4: "deactivated",
};

interface CompanyRow {
  id: number;
  name: string;
  state: number;
  conf: Record<string, unknown> & {
    general?: Record<string, unknown>;
    supports?: unknown[];
    customStates?: unknown;
  };
  licenses: Record<string, number>;
  retention_days: number;
  password_expiration_days: number | null;
  restrictions: unknown;
  map_type: string;
  cartography: string;
  cra_code: string;
  centre: { lat: number; lng: number } | null;
  reseller_id: number;
  demo: boolean;
}

/** The company's `info` as the client reads it (spec 01 §3). */
export async function companyInfo(db: Queryable, companyId: number) {
  const rows = await db.query<CompanyRow>("select * from companies where id = $1", [companyId]);
  const c = rows[0];
  if (!c) throw notFound();
  const general = c.conf.general ?? {};
  return {
    id: c.id,
    name: c.name,
    resellerId: c.reseller_id,
    state: { current: { value: c.state, name: STATE_NAMES[c.state] ?? "unknown", id: c.state } },
    conf: {
      ...c.conf,
      general: { units: { fuelConsumption: 0 }, mapProvider: "osm", ...general },
      customDatas: c.conf.customDatas ?? {},
      customStates: customStatesOf(c.conf.customStates),
      supports: c.conf.supports ?? [],
    },
    centroId: c.centre ? { pos: c.centre } : null,
    licenses: c.licenses,
    retentionDays: c.retention_days,
    passwordExpirationDays: c.password_expiration_days,
    restrictions: c.restrictions,
    mapType: c.map_type,
    cartography: c.cartography,
    craCode: c.cra_code,
    demo: c.demo,
  };
}

type StateMap = Record<string, Record<string, { id: number; color: string; description: string }>>;

/** Custom states per item type, always with the white no-state (id 0). */
export function customStatesOf(raw: unknown): StateMap {
  const source = (raw && typeof raw === "object" ? raw : {}) as StateMap;
  const out: StateMap = {};
  for (const kind of ["vehicle", "asset", "person", "driver"]) {
    out[kind] = { "0": { ...CUSTOM_STATE_NONE }, ...(source[kind] ?? {}) };
  }
  return out;
}
