import { encodeEgtsLogin, encodeEgtsPositions } from "./codec.ts";

/** An EGTS conversation built with our encoder: log-in, live fixes and a black-box batch (fuzz, bench). */
export const EGTS_IMEI = "861230043907626";
export const EGTS_TID = 43907626;
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 55.7558,
  lng: 37.6173,
  altitude: 150,
  speedKmh: 42,
  course: 300,
  satellites: 11,
  valid: true,
  ignition: true,
};
export const EGTS_CONVERSATION = {
  hello: encodeEgtsLogin(EGTS_TID, EGTS_IMEI, 1),
  frames: [
    encodeEgtsPositions(EGTS_TID, 2, [FIX]),
    encodeEgtsPositions(EGTS_TID, 3, [{ ...FIX, valid: false, lat: -33.9, lng: -70.6, altitude: -12 }]),
    encodeEgtsPositions(EGTS_TID, 4, [FIX, { ...FIX, timeMs: FIX.timeMs + 30_000, odometerM: 12_300 }], true),
  ],
};
