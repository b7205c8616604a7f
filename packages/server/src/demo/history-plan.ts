import { DAY_MS } from "@vigia/domain";

/**
 * Plausible working days of one demo vehicle, as positions, generated without any clock or I/O: trips between
 * stops around the company's centre during working hours (fewer at weekends, none on Sundays), a fix every
 * DRIVE_STEP_S while driving and one every PARKED_STEP_S while parked with the ignition off, and now and then a
 * harsh event. Deterministic for a seed, so every fresh start shows the same history.
 */
export const DRIVE_STEP_S = 60;
export const PARKED_STEP_S = 20 * 60;

export interface HistoryFix {
  ts: number;
  lat: number;
  lng: number;
  spd: number;
  course: number;
  attributes: Record<string, string | number | boolean>;
}

/** mulberry32: a tiny seeded generator (demo data only). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const M_PER_DEG_LAT = 111_320;

/**
 * One vehicle's fixes for the local day starting at `dayStart` (epoch ms of local midnight). The vehicle starts
 * where it ended the day before (`at`, updated in place) and stays within ~15 km of the centre.
 */
export function vehicleDay(
  dayStart: number,
  weekday: number,
  centre: { lat: number; lng: number },
  at: { lat: number; lng: number },
  random: () => number,
): HistoryFix[] {
  const fixes: HistoryFix[] = [];
  const trips =
    weekday === 0 ? 0 : weekday === 6 ? 1 + Math.floor(random() * 2) : 3 + Math.floor(random() * 3);
  if (trips === 0) return fixes;
  let t = dayStart + Math.round((7 * 3600 + random() * 2 * 3600) * 1000);
  const cosLat = Math.cos((centre.lat * Math.PI) / 180);
  for (let trip = 0; trip < trips; trip++) {
    const minutes = 12 + Math.floor(random() * 40);
    let heading = random() * 2 * Math.PI;
    let spd = 0;
    for (let m = 0; m <= minutes; m++) {
      const target = m === minutes ? 0 : 35 + random() * 55;
      spd = m === 0 ? 25 : Math.max(0, spd + Math.max(-25, Math.min(25, target - spd)));
      // Drift back towards the centre when far away, otherwise wander.
      const dLat = (centre.lat - at.lat) * M_PER_DEG_LAT;
      const dLng = (centre.lng - at.lng) * M_PER_DEG_LAT * cosLat;
      if (Math.hypot(dLat, dLng) > 15_000) heading = Math.atan2(dLng, dLat);
      else heading += (random() - 0.5) * 0.8;
      const stepM = (spd / 3.6) * DRIVE_STEP_S * 0.8;
      at.lat += (Math.cos(heading) * stepM) / M_PER_DEG_LAT;
      at.lng += (Math.sin(heading) * stepM) / (M_PER_DEG_LAT * cosLat);
      const attributes: HistoryFix["attributes"] = { ignition: m < minutes };
      if (m > 0 && m < minutes && random() < 0.01)
        attributes.event = random() < 0.5 ? "harshBraking" : "sharpTurn";
      if (m > 0 && m < minutes && spd > 85 && random() < 0.05) attributes.event = "overspeed";
      fixes.push({
        ts: t,
        lat: at.lat,
        lng: at.lng,
        spd: Math.round(spd),
        course: Math.round(((heading * 180) / Math.PI + 360) % 360),
        attributes,
      });
      t += DRIVE_STEP_S * 1000;
    }
    // Parked: ignition off until the next trip (the last stop of the day lasts the night, without fixes).
    const parkedMs = trip === trips - 1 ? 0 : Math.round((20 + random() * 90) * 60_000);
    for (let p = PARKED_STEP_S * 1000; p < parkedMs; p += PARKED_STEP_S * 1000)
      fixes.push({ ts: t + p, lat: at.lat, lng: at.lng, spd: 0, course: 0, attributes: { ignition: false } });
    t += parkedMs;
    if (t > dayStart + DAY_MS - 3_600_000) break;
  }
  return fixes;
}
