import {
  encodeNavtelecomArray,
  encodeNavtelecomCurrent,
  encodeNavtelecomEvent,
  encodeNavtelecomFlex,
  encodeNavtelecomLogin,
  flexValuesOfFix,
  NAVTELECOM_SIM_FIELDS,
} from "./encode.ts";

/** A Navtelecom conversation built with our encoder: log-in, negotiation, archive, event and current records. */
export const NAVTELECOM_IMEI = "866795033323864";
const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 55.7039,
  lng: 37.6934,
  altitude: 150,
  speedKmh: 54,
  course: 200,
  satellites: 9,
  valid: true,
};
const fields = NAVTELECOM_SIM_FIELDS;
export const NAVTELECOM_CONVERSATION = {
  hello: Buffer.concat([encodeNavtelecomLogin(NAVTELECOM_IMEI), encodeNavtelecomFlex(fields)]),
  frames: [
    encodeNavtelecomArray(fields, [
      flexValuesOfFix(FIX, 1, 0x17b0),
      flexValuesOfFix({ ...FIX, timeMs: FIX.timeMs + 30_000, lat: -33.9, lng: 151.2 }, 2, 0x17b0),
    ]),
    encodeNavtelecomEvent(fields, 3, flexValuesOfFix({ ...FIX, valid: false }, 3, 0x0001)),
    encodeNavtelecomCurrent(fields, flexValuesOfFix(FIX, 0, 0xff00)),
  ],
};
