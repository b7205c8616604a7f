/**
 * A tracker speaking one of the text protocols (H02, GPS103, TK103, watch, Wialon IPS), encoded with the same
 * codecs the server decodes with. Where the protocol has a log-on answer (GPS103 LOAD, TK103 AP05, Wialon #AL#1)
 * the device waits for it; until then, and while offline, samples are kept and sent after the next log-on as
 * history (Wialon black box, watch UD2) or as ordinary reports. A heartbeat goes out every `heartbeatMs`;
 * one left unanswered (where the protocol answers it) until the next means the link is dead: reconnect.
 */
import {
  encodeGl200Heartbeat,
  encodeGl200Report,
  encodeGps103Heartbeat,
  encodeGps103Logon,
  encodeGps103Report,
  encodeH02Heartbeat,
  encodeH02Position,
  encodeMeitrackHistory,
  encodeMeitrackReport,
  encodeSuntechKeepAlive,
  encodeSuntechStatus,
  encodeTk103Handshake,
  encodeTk103Location,
  encodeTk103Logon,
  encodeWatchLink,
  encodeWatchPosition,
  encodeWialonBlackBox,
  encodeWialonData,
  encodeWialonLogin,
  encodeWialonPing,
  h02Status,
  type WialonFix,
} from "@vigia/protocols";
import { radioAt } from "../motion/radio.ts";
import type { Sample } from "../motion/types.ts";
import { answerTextCommands } from "./command-answers.ts";
import { type ClientOptions, type DeviceClient, keepRecord } from "./common.ts";
import { TcpClient } from "./tcp.ts";

export type TextProtocolName =
  | "h02"
  | "gps103"
  | "tk103"
  | "watch"
  | "wialon"
  | "gl200"
  | "meitrack"
  | "suntech";

/** How many trailing digits of the IMEI each protocol's devices use as their id. */
const ID_DIGITS: Record<TextProtocolName, number> = {
  h02: 10,
  gps103: 15,
  tk103: 12,
  watch: 10,
  wialon: 15,
  gl200: 15,
  meitrack: 15,
  // ST300 device ids are 9 digits (universal firmware may send the IMEI instead).
  suntech: 9,
};

export const textDeviceId = (protocol: TextProtocolName, imei: string): string =>
  imei.slice(-ID_DIGITS[protocol]);

interface Dialect {
  logon?(id: string, s: Sample | null): Buffer | null;
  /** Text the server answers the log-on with; null when the device sends at once. */
  logonAnswer: string | null;
  /** The log-on frame carries the position it was built from. */
  logonCarriesFix?: boolean;
  report(id: string, s: Sample, history: boolean): Buffer;
  history?(id: string, samples: Sample[]): Buffer;
  heartbeat(id: string, s: Sample): Buffer;
  /** Text the server answers the heartbeat with; null when it answers nothing. */
  heartbeatAnswer: string | null;
}

const wialonFix = (s: Sample): WialonFix => ({
  timeMs: s.timeMs,
  lat: s.lat,
  lng: s.lng,
  speedKmh: s.speedKmh,
  course: s.heading,
  altitude: s.altitudeM,
  satellites: s.satellites,
});

const fix = (s: Sample) => ({
  ...wialonFix(s),
  valid: true,
  ignition: s.ignition === true,
  odometerM: s.odometerM,
});

/** The serving cell and access points around the device (the shared radio world). */
const surroundings = (s: Sample) => radioAt(s.lat, s.lng);

const DIALECTS: Record<TextProtocolName, Dialect> = {
  h02: {
    logonAnswer: null,
    report: (id, s) => encodeH02Position(id, fix(s), h02Status({ ignition: s.ignition === true })),
    heartbeat: (id) => encodeH02Heartbeat(id),
    heartbeatAnswer: null,
  },
  gps103: {
    logon: (id) => encodeGps103Logon(id),
    logonAnswer: "LOAD",
    report: (id, s) => {
      const ignition = s.events.find((e) => e.type === "ignitionOn" || e.type === "ignitionOff");
      const keyword = ignition ? (ignition.type === "ignitionOn" ? "acc on" : "acc off") : "tracker";
      return encodeGps103Report(id, fix(s), {
        keyword,
        ...(s.ignition === undefined ? {} : { ignition: s.ignition }),
      });
    },
    heartbeat: (id) => encodeGps103Heartbeat(id),
    heartbeatAnswer: "ON",
  },
  tk103: {
    logon: (id, s) => (s ? encodeTk103Logon(id, `000${id}`, fix(s)) : null),
    logonAnswer: "AP05",
    logonCarriesFix: true,
    report: (id, s) => encodeTk103Location(id, fix(s)),
    heartbeat: (id) => encodeTk103Handshake(id, `000${id}`),
    heartbeatAnswer: "AP01",
  },
  watch: {
    logon: (id, s) => encodeWatchLink("SG", id, { steps: 0, batteryPct: s?.batteryPct ?? 100 }),
    logonAnswer: "*LK]",
    report: (id, s, history) =>
      encodeWatchPosition(
        "SG",
        id,
        {
          // Standing still is being indoors (home, school, a shop): no GPS fix, only the cell and Wi-Fi around.
          fix: s.moving ? fix(s) : { ...fix(s), valid: false, lat: 0, lng: 0, speedKmh: 0, satellites: 0 },
          batteryPct: s.batteryPct,
          gsm: Math.min(100, s.gsm * 20),
          steps: Math.floor(s.odometerM / 0.7),
          ...surroundings(s),
        },
        history ? "UD2" : "UD",
      ),
    heartbeat: (id, s) =>
      encodeWatchLink("SG", id, { steps: Math.floor(s.odometerM / 0.7), batteryPct: s.batteryPct }),
    heartbeatAnswer: "*LK]",
  },
  wialon: {
    logon: (id) => encodeWialonLogin(id, "NA", "2.0"),
    logonAnswer: "#AL#1",
    report: (_id, s) =>
      encodeWialonData(
        wialonFix(s),
        {
          hdop: 0.9,
          inputs: s.ignition ? 1 : 0,
          params: { pwr_ext: (s.externalMv ?? 0) / 1000, odometer: Math.round(s.odometerM) },
        },
        "2.0",
      ),
    history: (_id, samples) => encodeWialonBlackBox(samples.map(wialonFix), "2.0"),
    heartbeat: () => encodeWialonPing(),
    heartbeatAnswer: "#AP#",
  },
  gl200: {
    logonAnswer: null,
    report: (id, s, history) =>
      encodeGl200Report(id, [{ ...wialonFix(s), accuracy: 1 }], {
        buffered: history,
        ...surroundingsCell(s),
        odometerKm: s.odometerM / 1000,
        sendMs: s.timeMs,
        count: Math.floor(s.timeMs / 1000),
      }),
    heartbeat: (id, s) => encodeGl200Heartbeat(id, s.timeMs, Math.floor(s.timeMs / 1000)),
    heartbeatAnswer: "+SACK:GTHBD",
  },
  meitrack: {
    logonAnswer: null,
    report: (id, s) =>
      encodeMeitrackReport(
        id,
        { ...wialonFix(s), valid: true },
        {
          event: 35,
          mileageM: s.odometerM,
          runtimeS: s.engineSeconds ?? 0,
          ...surroundingsCell(s),
          io: s.ignition ? 0x0400 : 0,
        },
      ),
    // What waited offline goes as CCC binary history frames, 20 records each, as the firmware empties its cache.
    history: (id, samples) =>
      Buffer.concat(
        Array.from({ length: Math.ceil(samples.length / 20) }, (_, i) =>
          encodeMeitrackHistory(
            id,
            samples.slice(i * 20, i * 20 + 20).map((s) => ({
              ...wialonFix(s),
              valid: true,
              odometerM: s.odometerM,
              batteryV: s.batteryMv / 1000,
            })),
            Math.max(0, samples.length - (i + 1) * 20),
          ),
        ),
      ),
    // No keep-alive message of its own: a timed report keeps the link.
    heartbeat: (id, s) =>
      encodeMeitrackReport(id, { ...wialonFix(s), valid: true }, { event: 35, mileageM: s.odometerM }),
    heartbeatAnswer: null,
  },
  suntech: {
    logonAnswer: null,
    // Reports kept while offline go out flagged as stored (MSG_TYPE 0).
    report: (id, s, history) =>
      encodeSuntechStatus(
        id,
        { ...wialonFix(s), valid: true },
        {
          ignition: s.ignition === true,
          odometerM: s.odometerM,
          powerV: (s.externalMv ?? 12_500) / 1000,
          archive: history,
          serial: Math.floor(s.timeMs / 1000),
        },
      ),
    heartbeat: (id) => encodeSuntechKeepAlive(id),
    heartbeatAnswer: null,
  },
};

function surroundingsCell(s: Sample) {
  const { mcc, mnc, lac, cid } = surroundings(s).cells[0] ?? { mcc: 214, mnc: 1, lac: 1, cid: 1 };
  return { cell: { mcc, mnc, lac, cid } };
}

export interface TextClientOptions extends ClientOptions {
  protocol: TextProtocolName;
  heartbeatMs?: number;
  loginTimeoutMs?: number;
}

export class TextClient extends TcpClient implements DeviceClient {
  private readonly dialect: Dialect;
  private readonly id: string;
  private readonly pending: Sample[] = [];
  private ready = false;
  private loginDeadline = 0;
  private nextHeartbeatMs = 0;
  private heartbeatUnanswered = false;
  private last: Sample | null = null;
  private rx = "";

  constructor(private readonly t: TextClientOptions) {
    super(t);
    this.dialect = DIALECTS[t.protocol];
    this.id = textDeviceId(t.protocol, t.imei);
  }

  push(sample: Sample): void {
    this.last = sample;
    if (this.ready) {
      this.send(sample, false);
      return;
    }
    keepRecord(this.pending, sample, 0, this.t);
  }

  buffered(): number {
    return this.pending.length;
  }

  tick(now: number): void {
    this.ensureConnected(now);
    if (this.state === "open" && !this.ready && now > this.loginDeadline) this.fail("log-on unanswered");
    if (!this.ready || now < this.nextHeartbeatMs || !this.last) return;
    if (this.heartbeatUnanswered) {
      this.fail("heartbeat unanswered");
      return;
    }
    this.heartbeatUnanswered = this.dialect.heartbeatAnswer !== null;
    this.nextHeartbeatMs = now + (this.t.heartbeatMs ?? 180_000);
    this.write(this.dialect.heartbeat(this.id, this.last));
  }

  protected onOpen(): void {
    this.rx = "";
    this.ready = false;
    this.loginDeadline = this.t.now() + (this.t.loginTimeoutMs ?? 10_000);
    // A log-on that carries a fix (TK103 BP05) carries the oldest kept one, which is then sent.
    const oldest = this.pending[0] ?? null;
    const logon = this.dialect.logon?.(this.id, oldest ?? this.last);
    if (logon) this.write(logon);
    if (logon && oldest && this.dialect.logonCarriesFix) {
      this.pending.shift();
      this.t.stats.sent++;
    }
    if (!logon || this.dialect.logonAnswer === null) this.onReady();
  }

  protected onData(chunk: Buffer): void {
    // Answers are short; only the tail that may hold a partial one is kept.
    this.rx = (this.rx + chunk.toString("latin1")).slice(-256);
    // Commands from the map: confirm them as the device would, so the demo shows them answered.
    const commands = answerTextCommands(this.t.protocol, this.rx, this.last, this.id);
    for (const answer of commands.answers) this.write(answer);
    if (commands.consumed > 0) this.rx = this.rx.slice(commands.consumed);
    const { logonAnswer, heartbeatAnswer } = this.dialect;
    if (!this.ready && logonAnswer !== null && this.rx.includes(logonAnswer)) {
      this.rx = this.rx.slice(this.rx.indexOf(logonAnswer) + logonAnswer.length);
      this.onReady();
    }
    if (heartbeatAnswer !== null && this.rx.includes(heartbeatAnswer)) {
      this.heartbeatUnanswered = false;
      this.rx = "";
      this.t.onEvent?.({ type: "reply", protocol: 0 });
    }
    for (const m of this.rx.matchAll(/#A(?:D#1|B#(\d+))/g)) {
      const count = m[1] === undefined ? 1 : Number(m[1]);
      this.t.stats.acked += count;
      this.t.onEvent?.({ type: "acked", count });
    }
    if (/#A[DB]#/.test(this.rx)) this.rx = "";
  }

  protected onClosed(): void {
    this.ready = false;
  }

  private onReady(): void {
    this.ready = true;
    this.healthy();
    this.heartbeatUnanswered = false;
    this.nextHeartbeatMs = this.t.now() + (this.t.heartbeatMs ?? 180_000);
    this.t.onEvent?.({ type: "ready" });
    const backlog = this.pending.splice(0);
    if (backlog.length === 0) return;
    if (this.dialect.history) {
      this.write(this.dialect.history(this.id, backlog));
      this.t.stats.sent += backlog.length;
      this.t.onEvent?.({ type: "sent", count: backlog.length });
    } else for (const s of backlog) this.send(s, true);
  }

  private send(s: Sample, history: boolean): void {
    this.write(this.dialect.report(this.id, s, history));
    this.t.stats.sent++;
    this.t.onEvent?.({ type: "sent", count: 1 });
  }
}
