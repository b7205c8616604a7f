/**
 * One valid conversation per text protocol, for the fuzz and registry tests: the document examples where a
 * document shows one, the rest built with each codec's encoders. Not a test file itself.
 */
import {
  GL300_POWER_ON_DOC,
  GL300_REPORT_DOC,
  GPS103_HEARTBEAT_DOC,
  GPS103_LOGON_DOC,
  GPS103_REPORT_DOC,
  H02_BINARY_CAPTURE,
  H02_V4_CAPTURE,
  hex,
  MEITRACK_AAA_DOC,
  SUNTECH_ALV,
  SUNTECH_STT_DOC,
  TK103_LOGON_DOC,
  WATCH_LK_DOC,
} from "./fixtures.ts";
import {
  createGl200Session,
  decodeGl200Frame,
  encodeGl200Heartbeat,
  encodeGl200Report,
} from "./gl200/codec.ts";
import { createGps103Session, decodeGps103Frame, encodeGps103Report } from "./gps103/codec.ts";
import {
  createH02Session,
  decodeH02Frame,
  encodeH02Cells,
  encodeH02Heartbeat,
  encodeH02Position,
  h02Status,
} from "./h02/codec.ts";
import {
  createMeitrackSession,
  decodeMeitrackFrame,
  encodeMeitrackHistory,
  encodeMeitrackReport,
  meitrackFrame,
} from "./meitrack/codec.ts";
import type { DecodedMessage, DecodeResult, SessionOptions, StreamSession } from "./shared/types.ts";
import {
  createSuntechSession,
  decodeSuntechFrame,
  encodeSuntechAlert,
  encodeSuntechEmergency,
  encodeSuntechStatus,
} from "./suntech/codec.ts";
import {
  createTk103Session,
  decodeTk103Frame,
  encodeTk103Alarm,
  encodeTk103Handshake,
  encodeTk103Location,
} from "./tk103/codec.ts";
import {
  createWatchSession,
  decodeWatchFrame,
  encodeWatchAlarm,
  encodeWatchPosition,
  WATCH_STATUS,
} from "./watch/codec.ts";
import {
  createWialonSession,
  encodeWialonBlackBox,
  encodeWialonData,
  encodeWialonLogin,
  encodeWialonPing,
  encodeWialonShort,
} from "./wialon/codec.ts";

const T = Date.UTC(2024, 5, 1, 12, 0, 0);
const fix = {
  timeMs: T,
  lat: 40.4168,
  lng: -3.7038,
  speedKmh: 42,
  course: 77,
  altitude: 660,
  satellites: 8,
  valid: true,
};

export interface TextConversation {
  create(options?: SessionOptions): StreamSession;
  /** Frame decoder on its own (Wialon's depends on the login, so it decodes through a fresh logged-in session). */
  decode(frame: Buffer): DecodeResult<DecodedMessage>;
  hello: Buffer;
  frames: Buffer[];
  /** Re-frames a mutated frame with a correct checksum, so fuzzing reaches the field parsers (Meitrack). */
  rewrap?(frame: Buffer): Buffer;
}

const wialonLogin = encodeWialonLogin("353976013445485", "NA", "1.1");

export const TEXT_CONVERSATIONS: Record<
  "h02" | "gps103" | "tk103" | "watch" | "wialon" | "gl200" | "meitrack" | "suntech",
  TextConversation
> = {
  h02: {
    create: createH02Session,
    decode: decodeH02Frame,
    hello: encodeH02Heartbeat("0000000000"),
    frames: [
      Buffer.from(H02_V4_CAPTURE),
      encodeH02Position("0000000000", fix, h02Status({ ignition: true, alarm: "sos" }), {
        mcc: 214,
        mnc: 1,
        lac: 5,
        cid: 6,
      }),
      encodeH02Cells(
        "0000000000",
        T,
        [{ mcc: 214, mnc: 1, lac: 5, cid: 6, rssi: 30 }],
        h02Status({ ignition: false }),
      ),
      hex(H02_BINARY_CAPTURE),
      encodeH02Heartbeat("0000000000"),
    ],
  },
  gps103: {
    create: createGps103Session,
    decode: decodeGps103Frame,
    hello: Buffer.from(GPS103_LOGON_DOC),
    frames: [
      Buffer.from(GPS103_HEARTBEAT_DOC),
      encodeGps103Report("359586015829802", fix, { keyword: "help me", ignition: true, utcOffsetMin: 120 }),
      Buffer.from(GPS103_REPORT_DOC.replace("359587010124900", "359586015829802")),
    ],
  },
  tk103: {
    create: createTk103Session,
    decode: decodeTk103Frame,
    hello: Buffer.from(TK103_LOGON_DOC),
    frames: [
      encodeTk103Handshake("027028258309", "000027028258309"),
      encodeTk103Location("027028258309", { ...fix, ignition: true, odometerM: 1000 }),
      encodeTk103Alarm("027028258309", 2, fix),
    ],
  },
  watch: {
    create: createWatchSession,
    decode: decodeWatchFrame,
    hello: Buffer.from(WATCH_LK_DOC),
    frames: [
      encodeWatchPosition("SG", "8800000015", {
        fix,
        batteryPct: 50,
        gsm: 70,
        steps: 10,
        cells: [{ mcc: 214, mnc: 1, lac: 10, cid: 20, rssi: 140 }],
        wifi: [{ mac: "1c:fa:68:13:a5:b4", rssi: -60 }],
      }),
      encodeWatchAlarm("SG", "8800000015", {
        fix,
        batteryPct: 5,
        gsm: 70,
        steps: 10,
        status: WATCH_STATUS.sos,
      }),
    ],
  },
  wialon: {
    create: createWialonSession,
    decode: (frame) => {
      const s = createWialonSession({ allowAnonymous: true });
      s.push(wialonLogin);
      const out = s.push(frame);
      const m = out.messages[0];
      return out.error
        ? { ok: false, error: out.error }
        : m
          ? { ok: true, value: m }
          : { ok: false, error: "incomplete" };
    },
    hello: wialonLogin,
    frames: [
      encodeWialonData(fix, { hdop: 1, params: { SOS: 0 } }, "1.1"),
      encodeWialonShort(fix, "1.1"),
      encodeWialonBlackBox([fix, fix], "1.1"),
      encodeWialonPing(),
    ],
  },
  gl200: {
    create: createGl200Session,
    decode: decodeGl200Frame,
    hello: Buffer.from(GL300_POWER_ON_DOC),
    frames: [
      Buffer.from(GL300_REPORT_DOC),
      encodeGl200Report(
        "135790246811220",
        [
          { ...fix, accuracy: 1 },
          { ...fix, accuracy: 0 },
        ],
        {
          type: "GTSOS",
          cell: { mcc: 214, mnc: 1, lac: 5, cid: 6 },
          odometerKm: 10,
          sendMs: T,
          count: 3,
        },
      ),
      encodeGl200Heartbeat("135790246811220", T, 4),
    ],
  },
  meitrack: {
    create: createMeitrackSession,
    decode: decodeMeitrackFrame,
    rewrap: (frame) => {
      const text = frame.toString("latin1");
      const comma = text.indexOf(",");
      const star = text.lastIndexOf("*");
      return comma < 0 || star < comma ? frame : meitrackFrame("Q", text.slice(comma, star));
    },
    hello: Buffer.from(MEITRACK_AAA_DOC),
    frames: [
      encodeMeitrackReport("353358017784062", fix, { event: 1, cell: { mcc: 214, mnc: 1, lac: 5, cid: 6 } }),
      encodeMeitrackReport("353358017784062", { ...fix, valid: false }, {}),
      encodeMeitrackHistory("353358017784062", [fix, { ...fix, valid: false }], 5),
    ],
  },
  suntech: {
    create: createSuntechSession,
    decode: decodeSuntechFrame,
    hello: Buffer.from(SUNTECH_ALV),
    frames: [
      Buffer.from(SUNTECH_STT_DOC),
      encodeSuntechStatus("100850000", fix, { ignition: true, odometerM: 5000, archive: true }),
      encodeSuntechAlert("100850000", fix, 41),
      encodeSuntechEmergency("100850000", { ...fix, valid: false }),
    ],
  },
};
