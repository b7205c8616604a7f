import { encodeEelinkFix, encodeEelinkHeartbeat, encodeEelinkLogin } from "./codec.ts";

/** An Eelink conversation built with our encoder: log-in, GPS packages, a heartbeat and an alarm (fuzz, bench). */
export const EELINK_IMEI = "352544071750518";
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 47.4637,
  lng: 19.0438,
  altitude: 0,
  speedKmh: 54,
  course: 200,
  satellites: 0,
  valid: true,
};
const CELL = { mcc: 216, mnc: 30, lac: 91, cid: 1093 };
export const EELINK_CONVERSATION = {
  hello: encodeEelinkLogin(EELINK_IMEI, 1),
  frames: [
    encodeEelinkFix(2, FIX, { cell: CELL }),
    encodeEelinkHeartbeat(3, 0x6e),
    encodeEelinkFix(4, { ...FIX, timeMs: FIX.timeMs + 30_000, lat: -33.9, lng: 151.2 }, { cell: CELL }),
    encodeEelinkFix(5, { ...FIX, valid: false }, { alarmCode: 0x83, cell: CELL }),
  ],
};
