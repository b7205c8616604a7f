import type { Sample } from "../motion/types.ts";

/** The clients' tests start their units at this time. */
export const TEST_T0 = Date.UTC(2026, 2, 1, 9, 0, 0);

/** The `i`-th sample of a unit driving north-east from Madrid, 10 s apart, ignition on. For the clients' tests. */
export function testSample(i: number, extra: Partial<Sample> = {}): Sample {
  return {
    timeMs: TEST_T0 + i * 10_000,
    lat: 40.4168 + i * 1e-4,
    lng: -3.7038,
    altitudeM: 650,
    speedKmh: 30 + i,
    heading: 90,
    satellites: 10,
    ignition: true,
    moving: true,
    odometerM: 1_000_000 + i * 80,
    batteryMv: 4100,
    batteryPct: 90,
    charging: false,
    gsm: 4,
    speeding: false,
    events: [],
    ...extra,
  };
}
