import { encodeCalampEvent, encodeCalampMiniEvent } from "./codec.ts";

/** CalAmp LM Direct datagrams built with our encoder, one device (table tests, fuzz, bench). */
export const CALAMP_ID = "352398080000124";
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 40.4168,
  lng: -3.7038,
  altitude: 650,
  speedKmh: 54,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
};
export const CALAMP_DATAGRAMS = [
  encodeCalampEvent(CALAMP_ID, 1, FIX, { event: 6, accumulators: [123_456, 78] }),
  encodeCalampMiniEvent(CALAMP_ID, 2, { ...FIX, lat: -33.45, lng: -70.66 }, { event: 20 }),
  encodeCalampEvent(CALAMP_ID, 3, { ...FIX, valid: false }, { acknowledged: false }),
];
