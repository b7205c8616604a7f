/**
 * Stream fuzzing of the issue-20 protocols (and Topflytech): one long connection per stream, as a real socket delivers it — a valid
 * hello, then a run of valid frames, command answers, mutated frames and garbage, split at random boundaries. The
 * contract: nothing throws out of a session; the session never holds more than one frame; every position is finite;
 * anything it cannot read ends the stream with a reason (the gateway closes such a connection and logs the reason),
 * and after that the session emits nothing more.
 *
 * CI runs FRAMES frames in all (20,000, spread over the protocols, fixed seeds). The long run is started only when
 * named: `npm run fuzz:long` (VIGIA_STREAM_FUZZ_FRAMES=1000000), which also prints how many streams each reason
 * ended and how many messages came out.
 */
import { describe, expect, it } from "vitest";
import { atrackAck, createAtrackSession } from "./atrack/codec.ts";
import { ATRACK_CONVERSATION } from "./atrack/fixtures.ts";
import { GALILEOSKY_FRAMES, RUPTELA_FRAMES } from "./binary-fixtures.ts";
import { createCellocatorSession, encodeCellocatorStatus } from "./cellocator/codec.ts";
import { CELLOCATOR_CONVERSATION } from "./cellocator/fixtures.ts";
import { createEelinkSession } from "./eelink/codec.ts";
import { EELINK_CONVERSATION } from "./eelink/fixtures.ts";
import { createEgtsSession, encodeEgtsDeviceResponse, encodeEgtsLogin } from "./egts/codec.ts";
import { EGTS_CONVERSATION } from "./egts/fixtures.ts";
import { writeEgtsPacket } from "./egts/frame.ts";
import { Fuzz } from "./fuzz-random.ts";
import { createGalileoskySession, encodeGalileoskyCommand, galileoskyPacket } from "./galileosky/codec.ts";
import { encodeGps103Confirmation } from "./gps103/codec.ts";
import { createJt808Session, jt808Frame } from "./jt808/codec.ts";
import { JT808_CONVERSATION } from "./jt808/fixtures.ts";
import { meitrackFrame } from "./meitrack/codec.ts";
import { createNavtelecomSession } from "./navtelecom/codec.ts";
import { NAVTELECOM_CONVERSATION } from "./navtelecom/fixtures.ts";
import { flexMessage } from "./navtelecom/ntcb.ts";
import { createRuptelaSession, encodeRuptelaCommandAnswer, ruptelaPacket } from "./ruptela/codec.ts";
import { crc16Ibm } from "./shared/crc.ts";
import type { SessionOptions, StreamSession } from "./shared/types.ts";
import { TEXT_CONVERSATIONS } from "./text-fixtures.ts";
import { createTopflytechSession, encodeTopflytechHeartbeat } from "./topflytech/codec.ts";
import { TOPFLYTECH_CONVERSATION } from "./topflytech/fixtures.ts";
import { watchFrame } from "./watch/codec.ts";

const FRAMES = Number(process.env.VIGIA_STREAM_FUZZ_FRAMES) || 20_000;
const LONG = FRAMES > 100_000 || process.env.VIGIA_FUZZ_TALLY === "1";
const MAX_FRAME = 4096;

interface StreamCase {
  create(options?: SessionOptions): StreamSession;
  hello: Buffer;
  frames: Buffer[];
  /** The device's answers to server commands, for the device the hello names. */
  answers(id: string): Buffer[];
  /** Offsets of the length fields and separators the framing depends on. */
  lengthOffsets: number[];
  /** Re-frames a mutated frame with a right checksum, so the field parsers behind the CRC are reached. */
  rewrap?(frame: Buffer): Buffer;
}

const text = (name: keyof typeof TEXT_CONVERSATIONS, answers: (id: string) => Buffer[]): StreamCase => {
  const t = TEXT_CONVERSATIONS[name];
  return {
    create: t.create,
    hello: t.hello,
    frames: t.frames,
    answers,
    lengthOffsets: [0, 1, 4, 16, 20],
    ...(t.rewrap ? { rewrap: t.rewrap } : {}),
  };
};

const CASES: Record<string, StreamCase> = {
  h02: text("h02", (id) => [
    Buffer.from(`*HQ,${id},V4,S20,DONE,130305,130306,A,4024.7385,N,00342.2876,W,000.00,0,241126,FFFFFBFF#`),
  ]),
  gps103: text("gps103", (id) => [encodeGps103Confirmation(id, "J"), encodeGps103Confirmation(id, "K")]),
  tk103: text("tk103", (id) => [Buffer.from(`(${id}BV010)`), Buffer.from(`(${id}BT00)`)]),
  watch: text("watch", (id) => [watchFrame("SG", id, "RESET")]),
  wialon: text("wialon", () => [Buffer.from("#AM#1\r\n"), Buffer.from("#AM#0\r\n")]),
  gl200: text("gl200", (id) => [Buffer.from(`+ACK:GTRTO,300400,${id},,REBOOT,0001,20261124130305,11F0$`)]),
  meitrack: text("meitrack", (id) => [meitrackFrame("C", `,${id},C01,OK`)]),
  suntech: text("suntech", (id) => [Buffer.from(`ST300CMD;Res;${id};02;Enable1\r`)]),
  ruptela: {
    create: createRuptelaSession,
    hello: RUPTELA_FRAMES[0]!,
    frames: RUPTELA_FRAMES,
    answers: (id) => [encodeRuptelaCommandAnswer(id, "setio 1,1 OK")],
    lengthOffsets: [0, 1, 11, 12],
    // Length, IMEI and command kept; the CRC recomputed over whatever the mutation left.
    rewrap: (b) =>
      b.length >= 13 ? ruptelaPacket(b.readBigUInt64BE(2).toString(), b[10]!, b.subarray(11, -2)) : b,
  },
  galileosky: {
    create: createGalileoskySession,
    hello: GALILEOSKY_FRAMES[0]!,
    frames: GALILEOSKY_FRAMES.slice(1),
    answers: (id) => [encodeGalileoskyCommand(id, 7, "OUT 0,1")],
    lengthOffsets: [1, 2],
    rewrap: (b) => (b.length >= 5 ? galileoskyPacket(b.subarray(3, -2), ((b[2] ?? 0) & 0x80) !== 0) : b),
  },
  jt808: {
    create: createJt808Session,
    ...JT808_CONVERSATION,
    // The terminal's general response (0x0001) to a server message: answered serial, message id, result 0.
    answers: (id) => [jt808Frame(0x0001, id, 9, Buffer.from("0001830000", "hex"))],
    lengthOffsets: [0, 3, 4],
    // The check code recomputed over whatever the mutation left between the flags (escapes included).
    rewrap: (b) =>
      b.length >= 16
        ? jt808Frame(b.readUInt16BE(1), b.subarray(5, 11).toString("hex"), 0, b.subarray(13, -2))
        : b,
  },
  eelink: {
    create: createEelinkSession,
    ...EELINK_CONVERSATION,
    // The device's answer to an instruction (0x80): type 1, the server's flag, the text.
    answers: () => [Buffer.from(`67678000090007010000000a${Buffer.from("OK").toString("hex")}`, "hex")],
    lengthOffsets: [0, 1, 3, 4],
  },
  navtelecom: {
    create: createNavtelecomSession,
    ...NAVTELECOM_CONVERSATION,
    // A device's NTCB answer to a command (kept whole as undecoded), as in Traccar's test data.
    answers: () => [Buffer.from("404e544301000000000000000d005e4b2a40434e43545f445243204f4b", "hex")],
    lengthOffsets: [1, 2],
    // The CRC-8 recomputed over whatever the mutation left of a FLEX message.
    rewrap: (b) => (b.length >= 3 && b[0] === 0x7e ? flexMessage(b.subarray(0, -1)) : b),
  },
  atrack: {
    create: createAtrackSession,
    ...ATRACK_CONVERSATION,
    // The device's keep-alive (the same bytes as the server's answer).
    answers: (id) => {
      const unit = Buffer.alloc(8);
      unit.writeBigUInt64BE(BigInt(id));
      return [atrackAck(unit, 7)];
    },
    lengthOffsets: [0, 1, 4, 5],
    // The CRC recomputed over whatever the mutation left from the length on.
    rewrap: (b) => {
      if (b.length < 6 || b[0] !== 0x40) return b;
      const c = Buffer.from(b);
      c.writeUInt16BE(crc16Ibm(c, 4), 2);
      return c;
    },
  },
  cellocator: {
    create: createCellocatorSession,
    ...CELLOCATOR_CONVERSATION,
    // No command channel: another status message stands in for the unit's other messages.
    answers: (id) => [
      encodeCellocatorStatus(Number(id), 9, {
        timeMs: Date.UTC(2026, 0, 1),
        lat: 1,
        lng: 2,
        altitude: 0,
        speedKmh: 0,
        course: 0,
        satellites: 0,
        valid: false,
      }),
    ],
    lengthOffsets: [3, 4, 5, 69],
    // The checksum recomputed over whatever the mutation left, so the field checks behind it are reached.
    rewrap: (b) => {
      if (b.length !== 70) return b;
      const c = Buffer.from(b);
      let sum = 0;
      for (let i = 4; i < 69; i++) sum += c[i]!;
      c[69] = sum & 0xff;
      return c;
    },
  },
  egts: {
    create: createEgtsSession,
    ...EGTS_CONVERSATION,
    // The device's response packet to the server's result code (answered with nothing).
    answers: (id) => [encodeEgtsDeviceResponse(encodeEgtsLogin(0, id, 0), 5) ?? Buffer.alloc(0)],
    lengthOffsets: [3, 5, 6, 11, 12],
    // Both CRCs recomputed over whatever the mutation left of the packet type and the data.
    rewrap: (b) => (b.length >= 11 ? writeEgtsPacket(b.readUInt16LE(7), b[9]! % 3, b.subarray(11, -2)) : b),
  },
  topflytech: {
    create: createTopflytechSession,
    ...TOPFLYTECH_CONVERSATION,
    // No command channel: the heartbeat stands in for the device's other short packets.
    answers: (id) => [encodeTopflytechHeartbeat(id, 4)],
    lengthOffsets: [3, 4],
    // No checksum to recompute: the length field is set to the mutated size, so the payload parsers are reached.
    rewrap: (b) => {
      if (b.length < 5 || b.length > 0xffff) return b;
      const c = Buffer.from(b);
      c.writeUInt16BE(c.length, 3);
      return c;
    },
  },
};

interface Tally {
  streams: number;
  frames: number;
  messages: number;
  reasons: Map<string, number>;
}

/** One connection: hello, then `length` frames of every kind, pushed in random chunks. */
function runStream(c: StreamCase, id: string, f: Fuzz, length: number, tally: Tally): void {
  const parts: Buffer[] = [c.hello];
  const answers = c.answers(id);
  for (let i = 0; i < length; i++) {
    const roll = f.int(100);
    if (roll < 60) parts.push(f.pick(c.frames));
    else if (roll < 72) parts.push(f.pick(answers));
    else if (roll < 92) {
      const mutated = f.mutate(f.pick([...c.frames, ...answers]), c.lengthOffsets);
      parts.push(c.rewrap && f.int(2) === 0 ? c.rewrap(mutated) : mutated);
    } else parts.push(f.randomBuffer());
  }
  tally.streams++;
  tally.frames += length;
  const session = c.create({ maxFrameBytes: MAX_FRAME });
  for (const chunk of f.chunks(Buffer.concat(parts))) {
    const out = session.push(chunk);
    if (session.buffered() > MAX_FRAME) throw new Error(`session holds ${session.buffered()} bytes`);
    for (const m of out.messages) {
      for (const p of m.positions)
        if (![p.ts, p.lat, p.lng, p.alt, p.spd, p.course, p.satt].every(Number.isFinite))
          throw new Error(`non-finite position ${JSON.stringify(p)}`);
    }
    tally.messages += out.messages.length;
    if (out.error !== null) {
      if (typeof out.error !== "string" || out.error.length === 0)
        throw new Error("an error without a reason");
      // The reason without its numbers, so that the tally groups alike failures.
      const reason = out.error.replace(/\d+/g, "N");
      tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1);
      const again = session.push(chunk);
      if (again.messages.length > 0 || again.replies.length > 0) throw new Error("a failed session went on");
      return;
    }
  }
}

describe("stream fuzzing of the issue-20 protocols", () => {
  const names = Object.keys(CASES);
  const perProtocol = Math.ceil(FRAMES / names.length);

  it.each(names)(
    `%s: ${perProtocol} frames in random streams never throw; garbage ends a stream with a reason`,
    (name) => {
      const c = CASES[name]!;
      const id = c.create({ allowAnonymous: true }).push(c.hello).messages[0]?.imei ?? "";
      expect(id).not.toBe("");
      const f = new Fuzz(MAX_FRAME, 0x20f00d + name.length * 7919 + name.charCodeAt(0));
      const tally: Tally = { streams: 0, frames: 0, messages: 0, reasons: new Map() };
      while (tally.frames < perProtocol) runStream(c, id, f, 1 + f.int(40), tally);
      if (LONG) {
        const reasons = [...tally.reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${n} × ${r}`);
        console.log(`${name}: ${tally.frames} frames, ${tally.streams} streams, ${tally.messages} messages`);
        console.log(`  ended by: ${reasons.slice(0, 8).join("; ")}`);
      }
      // Sanity: valid frames got through, and the mutations were caught somewhere.
      expect(tally.messages).toBeGreaterThan(tally.streams);
      expect(tally.reasons.size).toBeGreaterThan(0);
    },
  );
});
