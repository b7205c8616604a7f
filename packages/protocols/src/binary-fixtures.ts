/**
 * Valid packets of the binary protocols added after Teltonika and GT06, for the fuzz, registry and bench code:
 * built with each codec's encoder (no readable example packet of their documents was available). Not a test file.
 */
import { encodeGalileoskyHead, encodeGalileoskyRecords } from "./galileosky/codec.ts";
import { encodeRuptelaRecords } from "./ruptela/codec.ts";

const T = Date.UTC(2024, 5, 1, 12, 0, 0);
const rec = {
  timeMs: T,
  lat: 40.4168,
  lng: -3.7038,
  altitude: 660,
  course: 77,
  satellites: 8,
  speedKmh: 42,
  hdop: 1.1,
};

export const RUPTELA_FRAMES: Buffer[] = [
  encodeRuptelaRecords("013226005504143", [
    { ...rec, eventIo: 5, io: { 1: { 5: 1 }, 2: { 29: 12800, 30: 4100 }, 4: { 65: 100000 } } },
    { ...rec, timeMs: T + 60_000, lat: -33.9, lng: 151.2 },
  ]),
  encodeRuptelaRecords(
    "013226005504143",
    [{ ...rec, priority: 2, eventIo: 300, io: { 1: { 300: 1 }, 8: { 400: 123456789n } } }],
    { extended: true, recordsLeft: 3 },
  ),
];

const grec = {
  timeMs: T,
  lat: 55.7558,
  lng: 37.6173,
  satellites: 9,
  valid: true,
  speedKmh: 42.5,
  course: 77,
  altitude: 150,
  status: 1,
  powerMv: 12500,
  batteryMv: 4000,
  odometerM: 5000,
};

/** A Galileosky conversation: the head packet, then live and archived records. */
export const GALILEOSKY_FRAMES: Buffer[] = [
  encodeGalileoskyHead("868204001234567", 50),
  encodeGalileoskyRecords([grec, { ...grec, timeMs: T + 60_000, lat: -33.9, lng: 151.2 }]),
  encodeGalileoskyRecords([{ ...grec, timeMs: T - 3_600_000, valid: false }], true),
];
