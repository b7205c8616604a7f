import { distanceM } from "@vigia/domain";
import { altitudeAt, FUEL_PER_M, type StartCounters, TANK_L } from "@vigia/sim";
import { z } from "zod";
import { type HistoryFix, seededRandom } from "./history-plan.ts";

/**
 * The demo history and the live simulation describe one fleet: the history ends where the simulation starts. Each
 * demo vehicle's counters at the start of the simulation (odometer, fuel, engine hours) come from its device id, so
 * both sides know them without talking to each other; the history is then written backwards from them, and its
 * altitude is the simulation's ground.
 */
export function demoStartCounters(deviceId: number): StartCounters {
  const random = seededRandom(deviceId * 104_729 + 17);
  return {
    odometerM: Math.round((40_000 + random() * 210_000) * 1000),
    fuelL: Math.round((0.3 + random() * 0.65) * TANK_L * 10) / 10,
    engineS: Math.round((800 + random() * 5000) * 3600),
  };
}

/** What a vehicle's stored live state tells about its device's counters (odometer metres, engine seconds, fuel %). */
const reportedCounters = z.object({
  odometer: z.number().nonnegative().optional(),
  hours: z.number().nonnegative().optional(),
  sensors: z
    .object({ fuel: z.number().min(0).max(100).optional() })
    .partial()
    .optional(),
});

/**
 * The counters a demo vehicle's simulated device starts from: those at the end of the generated history, or,
 * when the platform ran before (its live state is stored), the ones it last reported, so a restart never turns
 * an odometer or hour meter back and never shows a phantom refuel. Pure.
 */
export function continuedCounters(start: StartCounters, storedState: unknown): StartCounters {
  const parsed = reportedCounters.safeParse(storedState);
  if (!parsed.success) return start;
  const { odometer, hours, sensors } = parsed.data;
  return {
    odometerM: Math.max(start.odometerM, Math.round(odometer ?? 0)),
    engineS: Math.max(start.engineS, Math.round(hours ?? 0)),
    fuelL: sensors?.fuel !== undefined ? Math.round((sensors.fuel / 100) * TANK_L * 10) / 10 : start.fuelL,
  };
}

/** Below this level a parked vehicle was refuelled (read backwards: above it, the level before was lower). */
const REFUEL_ABOVE = 0.8;
const REFUEL_SHARE = 0.6;
const PARKED_MIN_MS = 10 * 60_000;
const M_PER_DEG_LAT = 111_320;

/**
 * The fixes (time-ordered) with the counters a device reports, ending at `end`: `odometer` metres, `hours` engine
 * seconds, `fuel` level %, and the simulation's altitude. Pure; returns new fixes.
 */
export function historyWithCounters(
  fixes: readonly HistoryFix[],
  end: StartCounters,
  centre: { lat: number; lng: number },
): (HistoryFix & { alt: number })[] {
  const out: (HistoryFix & { alt: number })[] = new Array(fixes.length);
  const cosLat = Math.cos((centre.lat * Math.PI) / 180);
  let odometer = end.odometerM;
  let hours = end.engineS;
  let fuel = end.fuelL;
  for (let i = fixes.length - 1; i >= 0; i--) {
    const f = fixes[i]!;
    const x = (f.lng - centre.lng) * M_PER_DEG_LAT * cosLat;
    const y = (f.lat - centre.lat) * M_PER_DEG_LAT;
    out[i] = {
      ...f,
      alt: altitudeAt(x, y),
      attributes: {
        ...f.attributes,
        odometer: Math.round(odometer),
        hours: Math.floor(hours),
        fuel: Math.round((100 * fuel) / TANK_L),
      },
    };
    const prev = fixes[i - 1];
    if (!prev) break;
    // What happened between the previous fix and this one, undone.
    const stepM = distanceM(prev, f);
    const dt = f.ts - prev.ts;
    odometer -= stepM;
    if (prev.attributes.ignition === true && dt <= PARKED_MIN_MS) hours -= dt / 1000;
    fuel += FUEL_PER_M * stepM;
    if (fuel > REFUEL_ABOVE * TANK_L && dt >= PARKED_MIN_MS && stepM < 50) fuel -= REFUEL_SHARE * TANK_L;
  }
  return out;
}
