import {
  encodeJt808Authenticate,
  encodeJt808Batch,
  encodeJt808Location,
  encodeJt808Register,
} from "./codec.ts";

/** A JT/T 808 conversation built with our encoder: register, authenticate, locations and a batch (fuzz, bench). */
export const JT808_PHONE = "013511221122";
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 22.5431,
  lng: 114.0784,
  altitude: 35,
  speedKmh: 42,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
};
export const JT808_CONVERSATION = {
  hello: encodeJt808Register(JT808_PHONE, 1, "B12345"),
  frames: [
    encodeJt808Authenticate(JT808_PHONE, 2, JT808_PHONE),
    encodeJt808Location(JT808_PHONE, 3, FIX),
    encodeJt808Location(JT808_PHONE, 4, { ...FIX, valid: false, lat: -33.9, lng: -70.6 }, 1),
    encodeJt808Batch(JT808_PHONE, 5, [FIX, { ...FIX, timeMs: FIX.timeMs + 30_000 }], true),
  ],
};
