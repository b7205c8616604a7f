/**
 * A binary tracker whose every data packet names the device and is acknowledged by the server (Ruptela,
 * Galileosky, Topflytech, JT/T 808, EGTS, Cellocator, ATrack, Eelink, Navtelecom): the head (log-in) packet where the protocol has one, one packet with every record kept since the last ACK, sent again after a reconnect
 * when the ACK did not come, as the devices' black boxes do. Records sent from the black box after a reconnect are
 * flagged as history where the protocol can say so. Commands from the map that the server writes on the same
 * connection are answered as the device would (see command-answers.ts), so the demo shows them answered.
 */
import {
  egtsPacketSize,
  encodeAtrackPacket,
  encodeCellocatorStatus,
  encodeEelinkFix,
  encodeEelinkLogin,
  encodeEgtsLogin,
  encodeEgtsPositions,
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  encodeJt808Authenticate,
  encodeJt808Batch,
  encodeJt808Location,
  encodeNavtelecomArray,
  encodeNavtelecomFlex,
  encodeNavtelecomLogin,
  encodeRuptelaRecords,
  encodeTopflytechLocation,
  encodeTopflytechLogin,
  flexValuesOfFix,
  type GalileoskyRecord,
  NAVTELECOM_SIM_FIELDS,
  type RuptelaRecord,
  readCellocatorAck,
  readEgtsServerPacket,
  readJt808ServerFrame,
  type TopflytechFix,
} from "@vigia/protocols";
import type { Sample } from "../motion/types.ts";
import { answerBinaryCommand, type BinaryProtocolName, serverFrameSize } from "./command-answers.ts";
import { type ClientOptions, type DeviceClient, egtsTidOf, fixOf, keepRecord } from "./common.ts";
import { TcpClient } from "./tcp.ts";

export type AckedProtocolName = BinaryProtocolName;

interface AckedDialect {
  /** A first packet naming the device (Galileosky head packet, Topflytech log-in), acknowledged like the others. */
  hello?(imei: string, serial: number): Buffer;
  /** One packet with these samples; `history` when they waited in the black box; `serial` counts packets. */
  packet(imei: string, samples: Sample[], history: boolean, serial: number): Buffer;
  /** Records one packet can carry (Topflytech: one fix per location packet). */
  perPacket?: number;
  /** Whether a server frame is an ACK (the rest are commands), and whether it accepts the packet. */
  isAck(frame: Buffer): boolean;
  accepted(ack: Buffer): boolean;
  /**
   * Whether the server ACKs this answer to a command (Galileosky: answers are packets like any other; EGTS: a
   * confirmation goes in an application data packet of its own, after the response to the command's packet).
   */
  answersAcked: boolean | ((answer: Buffer) => boolean);
}

const ruptelaRecord = (s: Sample): RuptelaRecord => ({
  timeMs: s.timeMs,
  lat: s.lat,
  lng: s.lng,
  altitude: s.altitudeM,
  course: s.heading,
  satellites: s.satellites,
  speedKmh: s.speedKmh,
  hdop: 0.9,
  io: {
    1: { 5: s.ignition ? 1 : 0 },
    2: { 29: Math.min(0xffff, s.externalMv ?? 0), 30: Math.min(0xffff, s.batteryMv) },
    4: { 65: Math.round(s.odometerM) },
  },
});

const galileoskyRecord = (s: Sample): GalileoskyRecord => ({
  timeMs: s.timeMs,
  lat: s.lat,
  lng: s.lng,
  satellites: Math.min(15, s.satellites),
  valid: true,
  speedKmh: s.speedKmh,
  course: s.heading,
  altitude: s.altitudeM,
  hdop: 0.9,
  ...(s.externalMv === undefined ? {} : { powerMv: s.externalMv }),
  batteryMv: s.batteryMv,
  odometerM: s.odometerM,
});

const topflytechFix = (s: Sample): TopflytechFix => ({
  ...fixOf(s),
  odometerM: s.odometerM,
  ...(s.externalMv === undefined ? {} : { powerV: s.externalMv / 1000 }),
});

/** A JT/T 808 terminal is named by its 12-digit phone number: the device id's last 12 digits. */
const phoneOf = (imei: string): string => imei.slice(-12).padStart(12, "0");

/** JT/T 808 bodies hold at most 1023 bytes: a batch item (length and location with its items) takes 39. */
const JT808_PER_PACKET = 25;

/** A Cellocator unit id (u32) from the device id: its last 9 digits. */
export const cellocatorUnitOf = (imei: string): number => Number(imei.slice(-9)) || 1;

const DIALECTS: Record<AckedProtocolName, AckedDialect> = {
  ruptela: {
    packet: (imei, samples, history) =>
      encodeRuptelaRecords(imei, samples.map(ruptelaRecord), { recordsLeft: history ? 1 : 0 }),
    isAck: (frame) => frame.readUInt8(2) === 100,
    accepted: (ack) => ack.readUInt8(2) === 100 && ack.readUInt8(3) === 1,
    answersAcked: false,
  },
  galileosky: {
    hello: (imei) => encodeGalileoskyHead(imei),
    packet: (_imei, samples, history) => encodeGalileoskyRecords(samples.map(galileoskyRecord), history),
    isAck: (frame) => frame.readUInt8(0) === 0x02,
    accepted: (ack) => ack.readUInt8(0) === 0x02,
    answersAcked: true,
  },
  topflytech: {
    hello: (imei, serial) => encodeTopflytechLogin(imei, serial),
    packet: (imei, samples, _history, serial) =>
      encodeTopflytechLocation(imei, serial, topflytechFix(samples[0]!)),
    perPacket: 1,
    // The server writes ACKs, each accepting the packet, and commands (type 0x81), which the device answers.
    isAck: (frame) => frame.readUInt8(2) !== 0x81,
    accepted: (ack) => ack.readUInt16BE(0) === 0x2525,
    answersAcked: false,
  },
  jt808: {
    // A terminal registered before authenticates on each connection; the server takes any code.
    hello: (imei, serial) => encodeJt808Authenticate(phoneOf(imei), serial, phoneOf(imei)),
    packet: (imei, samples, history, serial) =>
      samples.length === 1 && !history
        ? encodeJt808Location(phoneOf(imei), serial, fixOf(samples[0]!))
        : encodeJt808Batch(phoneOf(imei), serial, samples.map(fixOf), history),
    perPacket: JT808_PER_PACKET,
    // The server's answers are its general response (0x8001) and the registration answer (0x8100); any other
    // frame is a command (0x8105, 0x8300), which the terminal answers with 0x0001 and the server does not.
    isAck: (frame) => [0x8001, 0x8100].includes(readJt808ServerFrame(frame)?.id ?? 0),
    accepted: (ack) => {
      const answer = readJt808ServerFrame(ack);
      // 0x8001: serial, message id, result; 0x8100: serial, result, code. Result 0 accepts.
      if (answer?.id === 0x8001) return answer.body.length === 5 && answer.body.readUInt8(4) === 0;
      return answer?.id === 0x8100 && answer.body.length >= 3 && answer.body.readUInt8(2) === 0;
    },
    answersAcked: false,
  },
  egts: {
    hello: (imei, serial) => encodeEgtsLogin(egtsTidOf(imei), imei, serial),
    packet: (imei, samples, history, serial) =>
      encodeEgtsPositions(
        egtsTidOf(imei),
        serial,
        samples.map((s) => ({ ...fixOf(s), odometerM: s.odometerM })),
        history,
      ),
    // The server's response packets are the ACKs; its result code after the log-in and its commands are answered
    // with a response packet, a command also with a confirmation packet, which the server ACKs in turn.
    isAck: (frame) => readEgtsServerPacket(frame)?.type === 0,
    accepted: (ack) => {
      const body = ack.subarray(ack.readUInt8(3));
      return body.length >= 3 && body.readUInt8(2) === 0;
    },
    answersAcked: (answer) => egtsPacketSize(answer) < answer.length,
  },
  cellocator: {
    // One fix per status message, numbered by the unit; the server writes acknowledgements (type 4) and commands
    // (type 0: the reset, which the unit carries out without an answer).
    packet: (imei, samples, _history, serial) =>
      encodeCellocatorStatus(cellocatorUnitOf(imei), serial, fixOf(samples[0]!)),
    perPacket: 1,
    isAck: (frame) => frame.readUInt8(4) === 4,
    accepted: (ack) => readCellocatorAck(ack) !== null,
    answersAcked: false,
  },
  eelink: {
    // The log-in names the IMEI; then one GPS package (0x02) per fix, each answered with its PID and sequence.
    hello: (imei, serial) => encodeEelinkLogin(imei, serial),
    packet: (_imei, samples, _history, serial) => encodeEelinkFix(serial, fixOf(samples[0]!)),
    perPacket: 1,
    // Instruction packages (0x80) are the server's commands, answered by the device; the rest are answers.
    isAck: (frame) => frame.readUInt8(2) !== 0x80,
    accepted: (ack) => ack.length === 7 && ack.readUInt16BE(0) === 0x6767,
    answersAcked: false,
  },
  navtelecom: {
    // The log-in and the FLEX negotiation in one write: the server's *<S is not an ACK (ignored), its *<FLEX is the
    // hello's. Then ~A packets of FLEX records, the serial as each record's index, each answered ~A<count><CRC-8>.
    hello: (imei) =>
      Buffer.concat([encodeNavtelecomLogin(imei), encodeNavtelecomFlex(NAVTELECOM_SIM_FIELDS)]),
    packet: (_imei, samples, _history, serial) =>
      encodeNavtelecomArray(
        NAVTELECOM_SIM_FIELDS,
        samples.map((s, i) => flexValuesOfFix(fixOf(s), serial * 32 + i, 0)),
      ),
    // Other NTCB packets are the *<S answer (ignored) and commands (*!, *?), answered with *@ / *#.
    isAck: (frame) => frame.toString("latin1", 16, 22) === "*<FLEX" || frame.readUInt8(0) === 0x7e,
    accepted: (ack) =>
      ack.readUInt8(0) === 0x7e
        ? ack.length === 4 && ack.readUInt8(1) === 0x41
        : ack.subarray(22).equals(Buffer.from([0xb0, 0x0a, 0x0a])),
    answersAcked: false,
  },
  atrack: {
    // Standard records, several per packet; the server writes FE 02 answers (unit id, sequence) and text commands
    // (`AT$…` lines), answered with a text line the server does not answer.
    packet: (imei, samples, _history, serial) =>
      encodeAtrackPacket(
        imei,
        serial,
        samples.map((s) => ({ ...fixOf(s), odometerM: s.odometerM })),
      ),
    isAck: (frame) => frame.readUInt8(0) === 0xfe,
    accepted: (ack) => ack.length === 12 && ack.readUInt16BE(0) === 0xfe02,
    answersAcked: false,
  },
};

export interface AckedClientOptions extends ClientOptions {
  protocol: AckedProtocolName;
  maxPerPacket?: number;
  ackTimeoutMs?: number;
}

export class AckedClient extends TcpClient implements DeviceClient {
  private readonly dialect: AckedDialect;
  private readonly samples: Sample[] = [];
  private inFlight = 0;
  private ackDeadline = 0;
  private fresh = false;
  private helloPending = false;
  private serial = 0;
  private rx: Buffer = Buffer.alloc(0);
  /** What each ACK still to come answers, in the order the server reads them. */
  private owed: ("hello" | "data" | "answer")[] = [];

  constructor(private readonly a: AckedClientOptions) {
    super(a);
    this.dialect = DIALECTS[a.protocol];
  }

  push(sample: Sample): void {
    keepRecord(this.samples, sample, this.inFlight, this.a);
    this.flush(this.a.now());
  }

  buffered(): number {
    return this.samples.length;
  }

  tick(now: number): void {
    this.ensureConnected(now);
    if (this.inFlight > 0 && now > this.ackDeadline) this.fail("ACK timeout");
    else this.flush(now);
  }

  protected onOpen(): void {
    this.rx = Buffer.alloc(0);
    this.owed = [];
    this.fresh = true;
    const hello = this.dialect.hello?.(this.a.imei, this.nextSerial());
    this.helloPending = hello !== undefined;
    if (hello) {
      this.owed.push("hello");
      this.write(hello);
    } else this.ready();
  }

  private ready(): void {
    this.a.onEvent?.({ type: "ready" });
    this.flush(this.a.now());
  }

  protected onData(chunk: Buffer): void {
    this.rx = this.rx.length ? Buffer.concat([this.rx, chunk]) : chunk;
    for (;;) {
      const size = serverFrameSize(this.a.protocol, this.rx);
      if (size === null) return;
      const frame = this.rx.subarray(0, size);
      this.rx = this.rx.subarray(size);
      if (!this.dialect.isAck(frame)) {
        const answer = answerBinaryCommand(this.a.protocol, this.a.imei, frame);
        if (!answer) continue;
        const acked = this.dialect.answersAcked;
        if (typeof acked === "function" ? acked(answer) : acked) this.owed.push("answer");
        this.write(answer);
        continue;
      }
      const owner = this.owed.shift();
      if (owner === "hello") {
        this.helloPending = false;
        if (!this.dialect.accepted(frame)) throw new Error("head packet rejected");
        this.healthy();
        this.ready();
        continue;
      }
      if (owner !== "data" || this.inFlight === 0) continue;
      const n = this.inFlight;
      this.inFlight = 0;
      if (!this.dialect.accepted(frame)) throw new Error("packet rejected");
      this.samples.splice(0, n);
      this.a.stats.acked += n;
      this.healthy();
      this.a.onEvent?.({ type: "acked", count: n });
      this.flush(this.a.now());
    }
  }

  protected onClosed(): void {
    this.inFlight = 0;
    this.owed = [];
    this.helloPending = false;
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  private flush(now: number): void {
    if (this.state !== "open" || this.helloPending || this.inFlight > 0 || this.samples.length === 0) return;
    const n = Math.min(this.samples.length, this.dialect.perPacket ?? this.a.maxPerPacket ?? 20);
    // What waited through a reconnect is history; what comes after the first ACK is live.
    const history = this.fresh && this.samples.length > 1;
    this.fresh = false;
    this.inFlight = n;
    this.ackDeadline = now + (this.a.ackTimeoutMs ?? 30_000);
    this.owed.push("data");
    this.write(this.dialect.packet(this.a.imei, this.samples.slice(0, n), history, this.nextSerial()));
    this.a.stats.sent += n;
    this.a.onEvent?.({ type: "sent", count: n });
  }
}
