import { ITEM_TYPE } from "@vigia/domain";
import { ALL_PROTOCOLS, type SimDevice, startIndoorSimulation, startSimulation } from "@vigia/sim";
import type { GatewayPorts } from "../ingest/index.ts";
import type { Config } from "../kernel/config.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { continuedCounters, demoStartCounters } from "./counters.ts";
import { INDOOR_DEVICE_IDS, indoorSimulation } from "./indoor.ts";

const KIND: Record<number, SimDevice["kind"]> = { 1: "vehicle", 2: "asset", 3: "person" };

/**
 * The company's devices the simulator drives: those the demo seeded (outdoor ones; the indoor walkers have their own
 * simulation), with their protocol and their item's stored live state (where a restart continues from).
 */
export function simulatedDevices(db: Queryable, companyId: number) {
  return db.query<{ id: number; device_id: string; proto: string; item_type: number; state: unknown }>(
    `select d.id, d.device_id, t.proto, d.item_type, s.state from devices d
     join device_types t on t.id = d.type_id
     left join item_state s on s.item_type = d.item_type and s.item_id = d.item_id
     where d.company_id = $1 and d.simulated and d.item_id is not null and d.device_id <> all($2::text[])
     order by d.id`,
    [companyId, INDOOR_DEVICE_IDS],
  );
}

/**
 * Drives every demo device through the gateway's real protocol ports, one simulation per company so each
 * fleet moves around its own city. Devices are read from the database, so registered changes are honoured; only
 * the devices the demo seeded are driven, never a real tracker registered into a demo company.
 */
export async function startDemoSimulation(
  db: Queryable,
  config: Config,
  ports: GatewayPorts,
  log: (msg: string) => void,
): Promise<() => Promise<void>> {
  const companies = await db.query<{ id: number; centre: { lat: number; lng: number } | null }>(
    "select id, centre from companies where demo and centre is not null order by id",
  );
  const stops: (() => Promise<void>)[] = [];
  for (const company of companies) {
    const devices = await simulatedDevices(db, company.id);
    const cards = await db.query<{ ibutton: string }>(
      "select ibutton from drivers where company_id = $1 and ibutton <> ''",
      [company.id],
    );
    const simDevices: SimDevice[] = devices
      .flatMap((d) => {
        const protocol = ALL_PROTOCOLS.find((p) => p === d.proto);
        return protocol ? [{ ...d, protocol }] : [];
      })
      .map((d) => ({
        imei: d.device_id,
        protocol: d.protocol,
        // A watch is worn by someone walking (a child, a pet), whatever kind of item it is registered to.
        kind: d.protocol === "watch" ? "person" : (KIND[d.item_type] ?? "vehicle"),
        driverIds: cards.map((c) => c.ibutton),
        // Vehicles continue from where their generated history ends (demo/history.ts), or, after a restart,
        // from what they last reported: a device's counters never run back.
        ...(d.item_type === ITEM_TYPE.vehicle
          ? { counters: continuedCounters(demoStartCounters(d.id), d.state) }
          : {}),
      }));
    // Indoor walkers report beacons, not GPS: their own simulation (demo/indoor.ts).
    const indoor = await indoorSimulation(db, company.id);
    if (indoor.walkers.length > 0 && ports.osmand > 0) {
      const walking = startIndoorSimulation(indoor.walkers, indoor.beacons, {
        host: "127.0.0.1",
        osmandPort: ports.osmand,
        intervalS: config.simIntervalS,
        log,
      });
      stops.push(async () => walking.stop());
    }
    if (simDevices.length === 0 || !company.centre) continue;
    const sim = startSimulation(simDevices, {
      host: "127.0.0.1",
      ports,
      intervalS: config.simIntervalS,
      seed: company.id,
      center: company.centre,
      log,
    });
    stops.push(() => sim.stop());
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
