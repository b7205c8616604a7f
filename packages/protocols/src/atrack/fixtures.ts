import { encodeAtrackPacket } from "./codec.ts";

/** An ATrack conversation built with our encoder: packets of one and two records, one without a fix (fuzz, bench). */
export const ATRACK_IMEI = "352964052096642";
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 40.4706,
  lng: -3.6568,
  altitude: 0,
  speedKmh: 54,
  course: 200,
  satellites: 9,
  valid: true,
  ignition: true,
};
export const ATRACK_CONVERSATION = {
  hello: encodeAtrackPacket(ATRACK_IMEI, 1, [FIX]),
  frames: [
    encodeAtrackPacket(ATRACK_IMEI, 2, [
      FIX,
      { ...FIX, timeMs: FIX.timeMs + 30_000, lat: -33.9, lng: 151.2 },
    ]),
    encodeAtrackPacket(ATRACK_IMEI, 3, [{ ...FIX, valid: false }]),
  ],
};
