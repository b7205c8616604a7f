import type { Role } from "@vigia/domain";
import { hashPassword } from "../kernel/auth/passwords.ts";
import type { Clock } from "../kernel/config.ts";
import type { Database, Queryable } from "../kernel/db/database.ts";
import { seedBackoffice } from "./backoffice.ts";
import { IBERIA_BRANDING, IBERIA_FAVICON, IBERIA_LOGO, refreshDemoBrand } from "./brand.ts";
import {
  ACME_FLEET,
  DEVICE_TYPES,
  type DemoCompanyFleet,
  GLOBEX_FLEET,
  INITECH_FLEET,
  SHOWCASE_MIN_VEHICLES,
  SHOWCASE_VEHICLE_TYPES,
  SHOWCASE_WATCH,
} from "./fleet.ts";
import { seedIndoorDemo } from "./indoor.ts";
import { seedItineraries } from "./itineraries.ts";
import { seedProviderDemo } from "./provider.ts";
import { seedDemoCells } from "./radio.ts";
import { seedTicketsAndForms } from "./tickets.ts";

export const DEMO_PASSWORD = "Demo1234";

/**
 * A demo device's id: the IMEI's last `idDigits` digits; a numeric id (a Cellocator unit id, which the unit sends as
 * a number) without the leading zeros those digits may start with.
 */
function deviceIdOf(imei: number, idDigits: number, numeric: boolean): string {
  const digits = String(imei).slice(-idDigits);
  return numeric ? String(Number(digits) || 1) : digits;
}

/** Device types exist on every installation, demo or not. */
export async function ensureDeviceTypes(db: Queryable): Promise<void> {
  for (const t of DEVICE_TYPES) {
    await db.query(
      `insert into device_types (id, name, factory, description, port, proto, id_length, config_defaults)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
      [
        t.id,
        t.name,
        t.factory,
        t.description,
        t.port,
        t.proto,
        t.idLength,
        { port: t.port, speedLimit: 120, interval: 60, sleepTime: 30 },
      ],
    );
  }
}

/** Every installation needs at least one site for host → brand resolution. */
export async function ensureDefaultSite(db: Queryable): Promise<void> {
  await db.query(
    `insert into sites (id, name, timezone, branding) select 1, 'Vigia', 'Europe/Madrid', '{}'::jsonb
     where not exists (select 1 from sites)`,
  );
  await db.query(
    "select setval(pg_get_serial_sequence('sites', 'id'), greatest((select max(id) from sites), 1))",
  );
}

async function one<T>(db: Queryable, sql: string, params: Parameters<Queryable["query"]>[1]): Promise<T> {
  const rows = await db.query<T>(sql, params);
  return rows[0]!;
}

interface Ctx {
  tx: Queryable;
  now: number;
  hash: string;
}

async function addUser(
  c: Ctx,
  u: {
    email: string;
    first: string;
    last: string;
    role: Role;
    companyId?: number;
    resellerId?: number;
    groups?: number[];
    readOnly?: boolean;
  },
): Promise<number> {
  const row = await one<{ id: number }>(
    c.tx,
    `insert into users (email, password_hash, first_name, last_name, role, read_only, company_id, reseller_id, group_ids,
       language, timezone, password_changed_ts, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'es', 'Europe/Madrid', $10, $10, $10) returning id`,
    [
      u.email,
      c.hash,
      u.first,
      u.last,
      u.role,
      u.readOnly ?? false,
      u.companyId ?? null,
      u.resellerId ?? null,
      u.groups ?? [],
      c.now,
    ],
  );
  return row.id;
}

async function addCompany(
  c: Ctx,
  data: {
    name: string;
    resellerId: number;
    state: number;
    centre: { lat: number; lng: number };
    supports?: unknown[];
  },
): Promise<number> {
  const row = await one<{ id: number }>(
    c.tx,
    `insert into companies (reseller_id, name, email, state, centre, conf, licenses, demo, country_id, created_ts, updated_ts)
     values ($1, $2, $3, $4, $5, $6, $7, true, 'ES', $8, $8) returning id`,
    [
      data.resellerId,
      data.name,
      `info@${data.name.split(" ")[0]!.toLowerCase()}.demo`,
      data.state,
      data.centre,
      { general: { units: { fuelConsumption: 0 } }, supports: data.supports ?? [] },
      { vehicleTotal: 50, vehicleBillable: 25, assetTotal: 20, assetBillable: 10 },
      c.now,
    ],
  );
  return row.id;
}

/** Creates groups, items, drivers and one device per item; returns group ids by name. */
async function addFleet(
  c: Ctx,
  companyId: number,
  fleet: DemoCompanyFleet,
  imeiBase: number,
): Promise<Map<string, number>> {
  const groups = new Map<string, number>();
  for (const g of fleet.groups) {
    const row = await one<{ id: number }>(
      c.tx,
      "insert into groups (company_id, name, parent_id, created_ts) values ($1, $2, $3, $4) returning id",
      [companyId, g.name, g.parent ? (groups.get(g.parent) ?? null) : null, c.now],
    );
    groups.set(g.name, row.id);
  }
  let serial = 0;
  const addDevice = async (
    typeId: number,
    itemType: number,
    itemId: number,
    name: string,
    idDigits = 15,
    numeric = false,
  ) => {
    serial += 1;
    await c.tx.query(
      `insert into devices (device_id, type_id, reseller_id, company_id, item_type, item_id, name, sim, created_ts,
         updated_ts, simulated)
       values ($1, $2, (select reseller_id from companies where id = $3), $3, $4, $5, $6, $7, $8, $8, true)`,
      [
        deviceIdOf(imeiBase + serial, idDigits, numeric),
        typeId,
        companyId,
        itemType,
        itemId,
        name,
        { phone: `+3460000${String(imeiBase % 1000).padStart(3, "0")}${serial}`, type: 1 },
        c.now,
      ],
    );
  };
  for (const [i, v] of fleet.vehicles.entries()) {
    const row = await one<{ id: number }>(
      c.tx,
      `insert into vehicles (company_id, group_id, plate, name, brand, model, type, engine_type, fuel_tank,
         odometer_source, initial_mileage, created_ts, updated_ts)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning id`,
      [
        companyId,
        groups.get(v.group)!,
        v.plate,
        v.name,
        v.brand,
        v.model,
        v.type,
        v.engineType,
        v.fuelTank,
        i % 2 === 0 ? 2 : 1,
        10_000 + i * 1500,
        c.now,
      ],
    );
    // Two in three vehicles carry a Teltonika unit, the rest a GT06; a large fleet's last ones the other protocols.
    const showcase =
      fleet.vehicles.length >= SHOWCASE_MIN_VEHICLES
        ? SHOWCASE_VEHICLE_TYPES[i - (fleet.vehicles.length - SHOWCASE_VEHICLE_TYPES.length)]
        : undefined;
    if (showcase)
      await addDevice(showcase.typeId, 1, row.id, v.name, showcase.idDigits, showcase.numeric === true);
    else await addDevice(i % 3 === 2 ? 3 : i % 2 === 0 ? 1 : 2, 1, row.id, v.name);
  }
  for (const [i, a] of fleet.assets.entries()) {
    const row = await one<{ id: number }>(
      c.tx,
      "insert into assets (company_id, group_id, name, type, created_ts, updated_ts) values ($1, $2, $3, $4, $5, $5) returning id",
      [companyId, groups.get(a.group)!, a.name, a.type, c.now],
    );
    if (a.watch) await addDevice(SHOWCASE_WATCH.typeId, 2, row.id, a.name, SHOWCASE_WATCH.idDigits);
    else await addDevice(i % 2 === 0 ? 3 : 1, 2, row.id, a.name);
  }
  for (const [i, p] of fleet.persons.entries()) {
    const row = await one<{ id: number }>(
      c.tx,
      "insert into persons (company_id, group_id, name, created_ts, updated_ts) values ($1, $2, $3, $4, $4) returning id",
      [companyId, groups.get(p.group)!, p.name, c.now],
    );
    const watch = fleet.vehicles.length >= SHOWCASE_MIN_VEHICLES && i === fleet.persons.length - 1;
    if (watch) await addDevice(SHOWCASE_WATCH.typeId, 3, row.id, p.name, SHOWCASE_WATCH.idDigits);
    else await addDevice(4, 3, row.id, p.name);
  }
  for (const d of fleet.drivers) {
    await c.tx.query(
      `insert into drivers (company_id, name, ibutton, tachograph_card, email, phone, created_ts, updated_ts)
       values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [companyId, d.name, d.ibutton, d.tachographCard, d.email, d.phone, c.now],
    );
  }
  return groups;
}

/** Seeds the demo platform once, on an empty database; on a database seeded before, brings its brand up to date. */
export async function seedDemo(db: Database, clock: Clock): Promise<boolean> {
  const existing = await db.query<{ n: number }>("select count(*)::int as n from users");
  if ((existing[0]?.n ?? 0) > 0) {
    await refreshDemoBrand(db);
    return false;
  }
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const c: Ctx = { tx, now: clock.now(), hash };
    await tx.query(
      "insert into site_hosts (host, site_id) values ('localhost', 1), ('127.0.0.1', 1) on conflict do nothing",
    );
    const site2 = await one<{ id: number }>(
      tx,
      `insert into sites (name, timezone, branding, logo_url, favicon_url, primary_color, support_email)
       values ('Iberia Tracking', 'Europe/Madrid', $1, $2, $3, '#c2410c', 'support@iberia.demo') returning id`,
      [IBERIA_BRANDING, IBERIA_LOGO, IBERIA_FAVICON],
    );
    await tx.query("insert into site_hosts (host, site_id) values ('iberia.localhost', $1)", [site2.id]);

    const root = await one<{ id: number }>(
      tx,
      "insert into resellers (name, site_id, created_ts) values ('Vigia Platform', 1, $1) returning id",
      [c.now],
    );
    const supports = [
      {
        id: 1,
        name: "Iberia Support Desk",
        photoUrl: "/support-desk.svg",
        helpline: "+34 910 000 000",
        email: "support@iberia.demo",
        mobile: "+34 600 000 000",
        whatsapp: "+34 600 000 000",
        description: "Mon–Fri 08:00–20:00",
      },
      {
        id: 2,
        name: "Emergency line",
        photoUrl: "/support-emergency.svg",
        helpline: "+34 910 000 112",
        email: "emergency@iberia.demo",
        mobile: "+34 600 000 112",
        whatsapp: "",
        description: "24/7 for stolen vehicles",
      },
    ];
    const iberia = await one<{ id: number }>(
      tx,
      "insert into resellers (name, parent_id, site_id, email, conf, created_ts) values ('Iberia Tracking', $1, $2, 'sales@iberia.demo', $3, $4) returning id",
      [root.id, site2.id, { supports }, c.now],
    );
    // Iberia manages its brand; Iberia Norte has none of its own and carries Iberia's (inherited up the tree).
    await tx.query("update sites set reseller_id = $2 where id = $1", [site2.id, iberia.id]);
    const iberiaNorte = await one<{ id: number }>(
      tx,
      "insert into resellers (name, parent_id, created_ts) values ('Iberia Norte', $1, $2) returning id",
      [iberia.id, c.now],
    );
    const atlas = await one<{ id: number }>(
      tx,
      "insert into resellers (name, parent_id, created_ts) values ('Atlas Telematics', $1, $2) returning id",
      [root.id, c.now],
    );

    await addUser(c, {
      email: "super@vigia.demo",
      first: "Sofía",
      last: "Reyes",
      role: "SUPER_RESELLER",
      resellerId: root.id,
    });
    await addUser(c, {
      email: "dev@vigia.demo",
      first: "Diego",
      last: "Vidal",
      role: "DEVELOPER",
      resellerId: root.id,
    });
    await addUser(c, {
      email: "reseller@vigia.demo",
      first: "Raúl",
      last: "Campos",
      role: "RESELLER",
      resellerId: iberia.id,
    });

    const acme = await addCompany(c, {
      name: "Acme Logistics",
      resellerId: iberia.id,
      state: 1,
      centre: { lat: 40.4168, lng: -3.7038 },
      supports,
    });
    const acmeGroups = await addFleet(c, acme, ACME_FLEET, 350_000_010_000_000);
    await seedIndoorDemo(tx, acme, acmeGroups.get("Madrid Norte")!, c.now);
    await addUser(c, {
      email: "admin@acme.demo",
      first: "Alicia",
      last: "Moreno",
      role: "ADMIN",
      companyId: acme,
    });
    await addUser(c, {
      email: "subadmin@acme.demo",
      first: "Sergio",
      last: "Blanco",
      role: "SUBADMIN",
      companyId: acme,
      groups: [acmeGroups.get("Madrid")!],
    });
    await addUser(c, {
      email: "operator@acme.demo",
      first: "Olga",
      last: "Castro",
      role: "OPERATOR",
      companyId: acme,
      groups: [acmeGroups.get("Toledo")!],
    });
    await addUser(c, {
      email: "viewer@acme.demo",
      first: "Víctor",
      last: "Serrano",
      role: "USER",
      companyId: acme,
      readOnly: true,
      groups: [acmeGroups.get("Acme")!],
    });
    await seedTicketsAndForms(c.tx, acme, c.now);

    await seedBackoffice(tx, acme, c.now);
    await seedItineraries(tx, acme, c.now);

    const globex = await addCompany(c, {
      name: "Globex Security",
      resellerId: atlas.id,
      state: 0,
      centre: { lat: 41.3874, lng: 2.1686 },
    });
    await addFleet(c, globex, GLOBEX_FLEET, 350_000_020_000_000);
    await addUser(c, {
      email: "admin@globex.demo",
      first: "Gemma",
      last: "Roig",
      role: "ADMIN",
      companyId: globex,
    });

    const initech = await addCompany(c, {
      name: "Initech",
      resellerId: iberiaNorte.id,
      state: 3,
      centre: { lat: 39.4699, lng: -0.3763 },
    });
    await addFleet(c, initech, INITECH_FLEET, 350_000_030_000_000);
    await addUser(c, {
      email: "admin@initech.demo",
      first: "Iván",
      last: "Lozano",
      role: "ADMIN",
      companyId: initech,
    });
    const centres = await tx.query<{ centre: { lat: number; lng: number } }>(
      "select centre from companies where demo and centre is not null",
    );
    await seedDemoCells(
      tx,
      centres.map((r) => r.centre),
    );
    await seedProviderDemo(tx, acme, c.now);
  });
  return true;
}
