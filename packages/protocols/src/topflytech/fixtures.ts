import { encodeTopflytechLocation, encodeTopflytechLogin } from "./codec.ts";

/** A Topflytech conversation built with our encoder: log-in, then a fix and a fix-less location (fuzz, bench). */
export const TOPFLYTECH_IMEI = "880616898888888";
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 40.41,
  lng: -3.7,
  altitude: 650,
  speedKmh: 42,
  course: 90,
  satellites: 9,
  valid: true,
};
export const TOPFLYTECH_CONVERSATION = {
  hello: encodeTopflytechLogin(TOPFLYTECH_IMEI, 1),
  frames: [
    encodeTopflytechLocation(TOPFLYTECH_IMEI, 2, FIX),
    encodeTopflytechLocation(TOPFLYTECH_IMEI, 3, { ...FIX, valid: false }, 3),
  ],
};
