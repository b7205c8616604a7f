import {
  type AppConfigOverride,
  ENCODED_DEVICE_TYPE_ID,
  encodeDeviceId,
  type IndoorGeometry,
  planToLatLng,
} from "@vigia/domain";
import type { IndoorBeacon, IndoorWalker } from "@vigia/sim";
import type { Queryable } from "../kernel/db/database.ts";
import { seedBeaconZones } from "./indoor-zones.ts";

/**
 * The indoor demo site: a two-level warehouse in Madrid with our own generated floor plans
 * (web/public/indoor), a dozen beacons, and a few persons and assets walking inside with phones (OsmAnd) that
 * report only the beacons they hear. Positions on the plan are fractions (u right, v down from the top-left).
 */
const INDOOR_DEVICE_PREFIX = "IND";

/** 80 m × 50 m, axis-aligned, north up. */
const ORIGIN = { lat: 40.45292, lng: -3.68806 };
const M_PER_DEG_LAT = 111_320;
const mPerDegLng = M_PER_DEG_LAT * Math.cos((ORIGIN.lat * Math.PI) / 180);
const metres = (x: number, y: number) => ({
  lat: ORIGIN.lat + y / M_PER_DEG_LAT,
  lng: ORIGIN.lng + x / mPerDegLng,
});
export const WAREHOUSE_GEOMETRY: IndoorGeometry = {
  topLeft: metres(0, 50),
  topRight: metres(80, 50),
  bottomLeft: metres(0, 0),
  opacity: 0.85,
};

const LEVELS = [
  { level: 0, name: "Warehouse · ground floor", photoUrl: "/indoor/warehouse-level-0.svg" },
  { level: 1, name: "Warehouse · first floor", photoUrl: "/indoor/warehouse-level-1.svg" },
];

/** Beacons per level as plan fractions: eight downstairs along the aisles, four upstairs in the rooms. */
const BEACONS: { level: number; u: number; v: number }[] = [
  ...[0.125, 0.375, 0.625, 0.875].flatMap((u) => [
    { level: 0, u, v: 0.25 },
    { level: 0, u, v: 0.75 },
  ]),
  ...[0.2, 0.8].flatMap((u) => [
    { level: 1, u, v: 0.25 },
    { level: 1, u, v: 0.75 },
  ]),
];

/**
 * Who walks where: a loop of plan points on a level, at a pace. A walker with `app` carries the Vigia worker app
 * (device type 5, id stored encoded, a device key) with some settings of its own, so the demo shows the app's
 * configuration on its device; the others carry OsmAnd phones (device type 4).
 */
const WALKERS: {
  name: string;
  kind: "person" | "asset";
  level: number;
  speed: number;
  loop: [number, number][];
  app?: { id: string; key: string; override: AppConfigOverride };
}[] = [
  {
    name: "Nuria Vega",
    kind: "person",
    level: 0,
    speed: 1.2,
    app: {
      id: "nuria.vega",
      key: "demo-nuria-vega-app",
      override: { trackerMode: "app_tracker", beaconMode: "monitoring", advertiseMode: "LOW_LATENCY" },
    },
    loop: [
      [0.2, 0.1],
      [0.9, 0.1],
      [0.9, 0.8],
      [0.2, 0.8],
    ],
  },
  {
    name: "Tomás Prieto",
    kind: "person",
    level: 0,
    speed: 0.9,
    loop: [
      [0.3, 0.75],
      [0.85, 0.75],
      [0.85, 0.3],
      [0.3, 0.3],
    ],
  },
  {
    name: "Irene Campos",
    kind: "person",
    level: 1,
    speed: 1,
    loop: [
      [0.05, 0.52],
      [0.95, 0.52],
      [0.7, 0.2],
      [0.3, 0.8],
    ],
  },
  {
    name: "Roll cage R-12",
    kind: "asset",
    level: 0,
    speed: 0.5,
    loop: [
      [0.25, 0.85],
      [0.75, 0.85],
      [0.75, 0.72],
    ],
  },
  {
    name: "Pallet jack PJ-3",
    kind: "asset",
    level: 0,
    speed: 0.7,
    loop: [
      [0.5, 0.2],
      [0.5, 0.8],
      [0.6, 0.8],
      [0.6, 0.2],
    ],
  },
];

/** The device id stored for walker `i`: the app's encoded id, or a phone id with the indoor prefix. */
function deviceIdOf(i: number): string {
  const app = WALKERS[i]?.app;
  return app
    ? encodeDeviceId(ENCODED_DEVICE_TYPE_ID, app.id)
    : `${INDOOR_DEVICE_PREFIX}${String(2_640_001 + i)}`;
}
/** Every indoor walker's stored device id: the outdoor simulation leaves these devices alone. */
export const INDOOR_DEVICE_IDS: readonly string[] = WALKERS.map((_, i) => deviceIdOf(i));
const beaconIdOf = (i: number) => `f7826da6-4fa2-4e98-8024-bc5b71e0893e:100:${i + 1}`;

/**
 * Seeds the site for a company: maps, beacons, beacon zones with an entry alarm, and the walking items with
 * their phones (device type 4) or the worker app (type 5) with its own settings (the company keeps the spec's
 * defaults).
 */
export async function seedIndoorDemo(
  tx: Queryable,
  companyId: number,
  groupId: number,
  now: number,
): Promise<void> {
  const mapIds = new Map<number, number>();
  for (const l of LEVELS) {
    const rows = await tx.query<{ id: number }>(
      `insert into indoor_maps (company_id, name, building, level, photo_url, geometry, created_ts, updated_ts)
       values ($1, $2, 'Warehouse Madrid Norte', $3, $4, $5::jsonb, $6, $6) returning id`,
      [companyId, l.name, l.level, l.photoUrl, JSON.stringify(WAREHOUSE_GEOMETRY), now],
    );
    mapIds.set(l.level, rows[0]!.id);
  }
  const beaconIds: number[] = [];
  for (const [i, b] of BEACONS.entries()) {
    const at = planToLatLng(WAREHOUSE_GEOMETRY, b.u, b.v);
    const rows = await tx.query<{ id: number }>(
      `insert into beacons (company_id, indoor_map_id, name, uuid, type, measured_power, n, height, lat, lng,
         created_ts, updated_ts)
       values ($1, $2, $3, $4, 'IBEACON_LAYOUT', -59, 2.2, 3, $5, $6, $7, $7) returning id`,
      [companyId, mapIds.get(b.level)!, `B-${b.level}.${i + 1}`, beaconIdOf(i), at.lat, at.lng, now],
    );
    beaconIds.push(rows[0]!.id);
  }
  // The worker app's carrier: the demo's entry alarm watches her (one notice a lap, not one per walker).
  let appPersonId: number | null = null;
  for (const [i, w] of WALKERS.entries()) {
    const table = w.kind === "person" ? "persons" : "assets";
    const rows = await tx.query<{ id: number }>(
      w.kind === "person"
        ? `insert into persons (company_id, group_id, name, created_ts, updated_ts) values ($1, $2, $3, $4, $4) returning id`
        : `insert into ${table} (company_id, group_id, name, type, created_ts, updated_ts)
           values ($1, $2, $3, 'generic', $4, $4) returning id`,
      [companyId, groupId, w.name, now],
    );
    if (w.kind === "person" && w.app) appPersonId = rows[0]!.id;
    const device = await tx.query<{ id: number }>(
      `insert into devices (device_id, type_id, reseller_id, company_id, item_type, item_id, name, sim, device_key,
         created_ts, updated_ts, simulated)
       values ($1, $2, (select reseller_id from companies where id = $3), $3, $4, $5, $6, $7, $8, $9, $9, true)
       returning id`,
      [
        deviceIdOf(i),
        w.app ? ENCODED_DEVICE_TYPE_ID : 4,
        companyId,
        w.kind === "person" ? 3 : 2,
        rows[0]!.id,
        w.name,
        { phone: "", type: 99 },
        w.app?.key ?? null,
        now,
      ],
    );
    if (w.app)
      await tx.query(
        "insert into device_app_configs (device_id, override, changed_ts) values ($1, $2::jsonb, $3)",
        [device[0]!.id, JSON.stringify(w.app.override), now],
      );
  }
  await seedBeaconZones(
    tx,
    companyId,
    { beaconIds, personIds: appPersonId === null ? [] : [appPersonId] },
    now,
  );
}

/** The walkers and beacons of a company's indoor site as the simulator drives them (read back from the database). */
export async function indoorSimulation(
  db: Queryable,
  companyId: number,
): Promise<{ walkers: IndoorWalker[]; beacons: IndoorBeacon[] }> {
  const beacons = await db.query<IndoorBeacon>(
    `select b.uuid as id, b.lat, b.lng, coalesce(m.level, 0) as level, b.measured_power as "measuredPower", b.n
     from beacons b left join indoor_maps m on m.id = b.indoor_map_id where b.company_id = $1`,
    [companyId],
  );
  const devices = await db.query<{ device_id: string }>(
    "select device_id from devices where company_id = $1 and simulated and item_id is not null and device_id = any($2::text[])",
    [companyId, INDOOR_DEVICE_IDS],
  );
  const present = new Set(devices.map((d) => d.device_id));
  const walkers = WALKERS.flatMap((w, i) =>
    present.has(deviceIdOf(i))
      ? [
          {
            imei: deviceIdOf(i),
            ...(w.app ? { key: w.app.key } : {}),
            level: w.level,
            speed: w.speed,
            route: w.loop.map(([u, v]) => planToLatLng(WAREHOUSE_GEOMETRY, u, v)),
          },
        ]
      : [],
  );
  return { walkers, beacons };
}
