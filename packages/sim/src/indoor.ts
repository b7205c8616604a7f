/**
 * People and things walking inside a building: no GPS, only the Bluetooth beacons they hear. Each walker loops
 * over its route at walking speed; every interval it reports, over the OsmAnd protocol (the worker app's way),
 * the beacons within reach with the RSSI the log-distance path-loss model gives plus a little noise. Beacons of
 * another level are heard much weaker (a floor slab), so the strongest beacon names the walker's level.
 */
import http from "node:http";
import { type BeaconSeen, encodeOsmAndBeaconPath } from "@vigia/protocols";
import { Rng, seedFor } from "./motion/rng.ts";

export interface IndoorBeacon {
  id: string;
  lat: number;
  lng: number;
  level: number;
  measuredPower: number;
  n: number;
}

export interface IndoorWalker {
  imei: string;
  /** The device key the server holds for it (the worker app has one), sent as HTTP basic auth. */
  key?: string;
  level: number;
  /** A closed loop of points on the level. */
  route: { lat: number; lng: number }[];
  /** Metres per second. */
  speed: number;
}

export interface IndoorSimOptions {
  host: string;
  osmandPort: number;
  intervalS: number;
  /** Defaults to Date.now. */
  clock?: () => number;
  log?: (msg: string) => void;
}

/** Beacons farther than this are not heard. */
const REACH_M = 35;
/** What a floor slab takes off the signal, and how far apart two levels are. */
const FLOOR_LOSS_DB = 20;
const LEVEL_HEIGHT_M = 4;
const M_PER_DEG_LAT = 111_320;

function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const x = (b.lng - a.lng) * M_PER_DEG_LAT * Math.cos((a.lat * Math.PI) / 180);
  const y = (b.lat - a.lat) * M_PER_DEG_LAT;
  return Math.hypot(x, y);
}

/** Where a walker is after `walked` metres along its loop. */
export function alongRoute(
  route: { lat: number; lng: number }[],
  walked: number,
): { lat: number; lng: number } {
  const legs = route.map((p, i) => ({ from: p, to: route[(i + 1) % route.length]!, len: 0 }));
  for (const leg of legs) leg.len = metres(leg.from, leg.to);
  const total = legs.reduce((s, l) => s + l.len, 0);
  if (total === 0) return route[0]!;
  let rest = walked % total;
  for (const leg of legs) {
    if (rest <= leg.len) {
      const f = leg.len === 0 ? 0 : rest / leg.len;
      return {
        lat: leg.from.lat + f * (leg.to.lat - leg.from.lat),
        lng: leg.from.lng + f * (leg.to.lng - leg.from.lng),
      };
    }
    rest -= leg.len;
  }
  return route[0]!;
}

/** The beacons a device at `at` on `level` hears, strongest first. */
export function sightingsAt(
  at: { lat: number; lng: number },
  level: number,
  beacons: readonly IndoorBeacon[],
  noise: () => number,
): BeaconSeen[] {
  const out: BeaconSeen[] = [];
  for (const b of beacons) {
    const d = Math.max(0.5, Math.hypot(metres(at, b), (b.level - level) * LEVEL_HEIGHT_M));
    if (d > REACH_M) continue;
    const loss = b.level === level ? 0 : FLOOR_LOSS_DB * Math.abs(b.level - level);
    const rssi = Math.round(b.measuredPower - 10 * b.n * Math.log10(d) - loss + noise());
    if (rssi >= -150 && rssi <= -1) out.push({ id: b.id, rssi });
  }
  return out.sort((a, b) => b.rssi - a.rssi).slice(0, 8);
}

export function startIndoorSimulation(
  walkers: readonly IndoorWalker[],
  beacons: readonly IndoorBeacon[],
  options: IndoorSimOptions,
): { stop(): void } {
  const clock = options.clock ?? Date.now;
  const start = clock();
  const rngs = walkers.map((w) => new Rng(seedFor(17, w.imei)));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const report = () => {
    const now = clock();
    walkers.forEach((w, i) => {
      const rng = rngs[i]!;
      const at = alongRoute(w.route, ((now - start) / 1000) * w.speed);
      const seen = sightingsAt(at, w.level, beacons, () => (rng.next() - 0.5) * 4);
      if (seen.length === 0) return;
      const req = http.get(
        {
          host: options.host,
          port: options.osmandPort,
          path: encodeOsmAndBeaconPath(w.imei, now, seen),
          ...(w.key === undefined ? {} : { auth: `${w.imei}:${w.key}` }),
          agent,
        },
        (res) => res.resume(),
      );
      req.on("error", (error) => options.log?.(`indoor ${w.imei}: ${error.message}`));
    });
  };
  report();
  const timer = setInterval(report, options.intervalS * 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      agent.destroy();
    },
  };
}
