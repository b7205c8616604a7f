import { encodeCellocatorStatus } from "./codec.ts";

/** A Cellocator conversation built with our encoder: status messages with and without a fix (fuzz, bench). */
export const CELLOCATOR_UNIT = 1429642;
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 32.1084,
  lng: 34.9698,
  altitude: 40,
  speedKmh: 54,
  course: 270,
  satellites: 8,
  valid: true,
  ignition: true,
};
export const CELLOCATOR_CONVERSATION = {
  hello: encodeCellocatorStatus(CELLOCATOR_UNIT, 1, FIX),
  frames: [
    encodeCellocatorStatus(CELLOCATOR_UNIT, 2, {
      ...FIX,
      timeMs: FIX.timeMs + 30_000,
      lat: -33.9,
      lng: -70.6,
    }),
    encodeCellocatorStatus(CELLOCATOR_UNIT, 3, { ...FIX, valid: false, speedKmh: 0 }),
  ],
};
