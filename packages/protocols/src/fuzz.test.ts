/**
 * Property tests: random and mutated input must never throw, never leave a session holding
 * more than one frame's worth of bytes, and always yield either messages or an error.
 * A seeded PRNG keeps every run identical, so a failure reproduces from its iteration number.
 */
import { describe, expect, it } from "vitest";
import { createAtrackSession } from "./atrack/codec.ts";
import { ATRACK_CONVERSATION } from "./atrack/fixtures.ts";
import { GALILEOSKY_FRAMES, RUPTELA_FRAMES } from "./binary-fixtures.ts";
import { createCalampSession, decodeCalampMessage } from "./calamp/codec.ts";
import { CALAMP_DATAGRAMS } from "./calamp/fixtures.ts";
import { createCellocatorSession } from "./cellocator/codec.ts";
import { CELLOCATOR_CONVERSATION } from "./cellocator/fixtures.ts";
import { createEelinkSession } from "./eelink/codec.ts";
import { EELINK_CONVERSATION } from "./eelink/fixtures.ts";
import { createEgtsSession } from "./egts/codec.ts";
import { EGTS_CONVERSATION } from "./egts/fixtures.ts";
import {
  builtCodec8,
  CONCOX_ALARM,
  CONCOX_GPS_12,
  CONCOX_GPS_22,
  CONCOX_LOGIN,
  CONCOX_STATUS,
  DEVICE_GPS_12,
  hex,
  WIKI_CODEC8_1,
  WIKI_CODEC8_3,
  WIKI_CODEC8E,
  WIKI_IMEI,
} from "./fixtures.ts";
import { Fuzz } from "./fuzz-random.ts";
import { createGalileoskySession, decodeGalileoskyPacket, galileoskyPacket } from "./galileosky/codec.ts";
import { decodeGt06Frame } from "./gt06/codec.ts";
import { gt06Frame } from "./gt06/frame.ts";
import { createGt06Session } from "./gt06/session.ts";
import { createJt808Session } from "./jt808/codec.ts";
import { JT808_CONVERSATION } from "./jt808/fixtures.ts";
import { createNavtelecomSession } from "./navtelecom/codec.ts";
import { NAVTELECOM_CONVERSATION } from "./navtelecom/fixtures.ts";
import { decodeOsmAndRequest } from "./osmand/codec.ts";
import { decodeForCli, protocols } from "./registry.ts";
import { createRuptelaSession, decodeRuptelaPacket, ruptelaPacket } from "./ruptela/codec.ts";
import type { DecodedMessage, StreamSession } from "./shared/types.ts";
import { decodeTeltonikaAvl, decodeTeltonikaImei, teltonikaFrame } from "./teltonika/codec.ts";
import { createTeltonikaSession } from "./teltonika/session.ts";
import { TEXT_CONVERSATIONS } from "./text-fixtures.ts";

/** 5,000 per case in CI; `VIGIA_FUZZ_N=1000000 npx vitest run packages/protocols/src/fuzz` for the long run. */
const N = Number(process.env.VIGIA_FUZZ_N) || 5000;
const MAX_FRAME = 4096; // small limit so oversize paths are exercised often

function checkMessage(m: DecodedMessage): void {
  for (const p of m.positions) {
    const numbers = [p.ts, p.lat, p.lng, p.alt, p.spd, p.course, p.satt];
    if (!numbers.every(Number.isFinite)) throw new Error(`non-finite field in ${JSON.stringify(p)}`);
    if (p.course < 0 || p.course >= 360) throw new Error(`course ${p.course}`);
    if (![1, 2, 3, 4, 5].includes(p.src)) throw new Error(`src ${p.src}`);
  }
}

/** Feeds chunks; asserts the session contract after every push. Returns whether it ended in error. */
function drive(session: StreamSession, chunks: Buffer[]): boolean {
  for (const c of chunks) {
    const out = session.push(c);
    // Plain checks in the hot loop: expect() per push would dominate the run time.
    if (session.buffered() > MAX_FRAME) throw new Error(`session holds ${session.buffered()} bytes`);
    out.messages.forEach(checkMessage);
    if (out.error !== null) {
      // Errors are sticky and a failed session emits nothing more.
      const again = session.push(c);
      expect(again).toEqual({ messages: [], replies: [], error: out.error });
      expect(session.buffered()).toBe(0);
      return true;
    }
  }
  return false;
}

/** Valid conversations and the offsets of their length fields, per TCP protocol. */
const TELTONIKA_FRAMES = [WIKI_CODEC8_1, WIKI_CODEC8_3, WIKI_CODEC8E].map(hex).concat(builtCodec8());
const GT06_FRAMES = [CONCOX_GPS_12, CONCOX_GPS_22, CONCOX_STATUS, CONCOX_ALARM, DEVICE_GPS_12].map(hex);
const TEXT = TEXT_CONVERSATIONS;

interface FuzzCase {
  create: () => StreamSession;
  hello: Buffer;
  frames: Buffer[];
  /** Offsets of length fields or of the separators the framing depends on. */
  lengthOffsets: number[];
}

const sessions: Record<string, FuzzCase> = {
  teltonika: {
    create: () => createTeltonikaSession({ maxFrameBytes: MAX_FRAME }),
    hello: hex(WIKI_IMEI),
    frames: TELTONIKA_FRAMES,
    lengthOffsets: [4, 5, 6, 7, 17, 18],
  },
  gt06: {
    create: () => createGt06Session({ maxFrameBytes: MAX_FRAME }),
    hello: hex(CONCOX_LOGIN),
    frames: GT06_FRAMES,
    lengthOffsets: [2, 3],
  },
  ruptela: {
    create: () => createRuptelaSession({ maxFrameBytes: MAX_FRAME }),
    hello: RUPTELA_FRAMES[0]!,
    frames: RUPTELA_FRAMES,
    lengthOffsets: [0, 1, 11, 12],
  },
  galileosky: {
    create: () => createGalileoskySession({ maxFrameBytes: MAX_FRAME }),
    hello: GALILEOSKY_FRAMES[0]!,
    frames: GALILEOSKY_FRAMES.slice(1),
    lengthOffsets: [1, 2],
  },
  eelink: {
    create: () => createEelinkSession({ maxFrameBytes: MAX_FRAME }),
    ...EELINK_CONVERSATION,
    lengthOffsets: [0, 1, 3, 4],
  },
  navtelecom: {
    create: () => createNavtelecomSession({ maxFrameBytes: MAX_FRAME }),
    ...NAVTELECOM_CONVERSATION,
    lengthOffsets: [1, 2],
  },
  atrack: {
    create: () => createAtrackSession({ maxFrameBytes: MAX_FRAME }),
    ...ATRACK_CONVERSATION,
    lengthOffsets: [0, 1, 4, 5],
  },
  cellocator: {
    create: () => createCellocatorSession({ maxFrameBytes: MAX_FRAME }),
    ...CELLOCATOR_CONVERSATION,
    lengthOffsets: [3, 4, 5, 69],
  },
  egts: {
    create: () => createEgtsSession({ maxFrameBytes: MAX_FRAME }),
    ...EGTS_CONVERSATION,
    lengthOffsets: [3, 5, 6, 11, 12],
  },
  jt808: {
    create: () => createJt808Session({ maxFrameBytes: MAX_FRAME }),
    ...JT808_CONVERSATION,
    lengthOffsets: [0, 3, 4],
  },
  ...Object.fromEntries(
    Object.entries(TEXT).map(([name, t]) => [
      name,
      {
        create: () => t.create({ maxFrameBytes: MAX_FRAME }),
        hello: t.hello,
        frames: t.frames,
        lengthOffsets: [0, 1, 4, 16, 20],
      },
    ]),
  ),
};

describe.each(Object.entries(sessions))(
  "%s session under fuzzing",
  (_name, { create, hello, frames, lengthOffsets }) => {
    it(`survives ${N} random buffers`, () => {
      const f = new Fuzz(MAX_FRAME, 0x5eed01);
      for (let i = 0; i < N; i++) {
        // Half the time after a valid handshake, so the data-phase parser is reached.
        const input = i % 2 ? Buffer.concat([hello, f.randomBuffer()]) : f.randomBuffer();
        drive(create(), f.chunks(input));
      }
    });

    it(`survives ${N} mutated valid frames`, () => {
      const f = new Fuzz(MAX_FRAME, 0x5eed02);
      let errors = 0;
      for (let i = 0; i < N; i++) {
        const input = Buffer.concat([hello, f.mutate(f.pick(frames), lengthOffsets)]);
        if (drive(create(), f.chunks(input))) errors++;
      }
      expect(errors).toBeGreaterThan(N / 4); // sanity: mutations are actually detected
    });

    it("gives the same replies however a valid conversation is chunked", () => {
      const f = new Fuzz(MAX_FRAME, 0x5eed03);
      const conversation = Buffer.concat([hello, ...frames]);
      const whole = create().push(conversation);
      expect(whole.error).toBeNull();
      expect(whole.messages.length).toBeGreaterThan(frames.length / 2);
      for (let i = 0; i < 300; i++) {
        const s = create();
        const outs = f.chunks(conversation).map((c) => s.push(c));
        const replies = outs.flatMap((o) => o.replies);
        expect(Buffer.concat(replies).equals(Buffer.concat(whole.replies))).toBe(true);
        // Protocols that answer nothing (Meitrack) show a bad split only in what they decode.
        expect(outs.reduce((n, o) => n + o.messages.length, 0)).toBe(whole.messages.length);
        expect(outs.every((o) => o.error === null)).toBe(true);
        expect(s.buffered()).toBe(0);
      }
    });
  },
);

describe("pure decoders under fuzzing", () => {
  it(`decodeTeltonikaAvl: ${N} random, ${N} mutated, ${N} mutated with a recomputed CRC`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed04);
    let deep = 0;
    for (let i = 0; i < N; i++) {
      const r = decodeTeltonikaAvl(f.randomBuffer(), null);
      expect(typeof r.ok).toBe("boolean");
      const m = decodeTeltonikaAvl(f.mutate(f.pick(TELTONIKA_FRAMES), [4, 5, 6, 7, 17, 18]), "x");
      if (m.ok) checkMessage(m.value);
      // Re-wrapping the mutated data field with a correct CRC reaches the record/IO parser itself.
      const data = f.mutate(f.pick(TELTONIKA_FRAMES).subarray(8, -4), [1, 26, 27, 28]);
      const wrapped = teltonikaFrame(data);
      const w = decodeTeltonikaAvl(wrapped, "x");
      if (w.ok) {
        checkMessage(w.value);
        deep++;
      }
    }
    // Sanity: some CRC-correct mutants still decode, so the record parser really was exercised.
    expect(deep).toBeGreaterThan(N / 20);
  });

  it(`decodeTeltonikaImei: ${N} random and mutated handshakes`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed05);
    for (let i = 0; i < N; i++) {
      expect(typeof decodeTeltonikaImei(f.randomBuffer()).ok).toBe("boolean");
      expect(typeof decodeTeltonikaImei(f.mutate(hex(WIKI_IMEI), [0, 1])).ok).toBe("boolean");
    }
  });

  it(`decodeGt06Frame: ${N} random, ${N} mutated, ${N} mutated with a recomputed CRC`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed06);
    let deep = 0;
    for (let i = 0; i < N; i++) {
      expect(typeof decodeGt06Frame(f.randomBuffer(), null).ok).toBe("boolean");
      const m = decodeGt06Frame(f.mutate(f.pick(GT06_FRAMES), [2, 3]), null);
      if (m.ok) checkMessage(m.value);
      const body = f.mutate(f.pick(GT06_FRAMES.concat(hex(CONCOX_LOGIN))).subarray(3, -4), [0, 19]);
      const w = decodeGt06Frame(gt06Frame(body, f.int(4) === 0), null);
      if (w.ok) {
        checkMessage(w.value);
        deep++;
      }
    }
    expect(deep).toBeGreaterThan(N / 20);
  });

  it(`decodeRuptelaPacket: ${N} random, ${N} mutated, ${N} mutated with a recomputed CRC`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed0a);
    let deep = 0;
    for (let i = 0; i < N; i++) {
      expect(typeof decodeRuptelaPacket(f.randomBuffer()).ok).toBe("boolean");
      const m = decodeRuptelaPacket(f.mutate(f.pick(RUPTELA_FRAMES), [0, 1, 11, 12]));
      if (m.ok) checkMessage(m.value);
      const frame = f.pick(RUPTELA_FRAMES);
      const payload = f.mutate(frame.subarray(11, -2), [0, 1, 24, 25]);
      const w = decodeRuptelaPacket(ruptelaPacket("013226005504143", frame.readUInt8(10), payload));
      if (w.ok) {
        checkMessage(w.value);
        if (w.value.positions.length > 0) deep++;
      }
    }
    expect(deep).toBeGreaterThan(N / 20);
  });

  it(`decodeGalileoskyPacket: ${N} random, ${N} mutated, ${N} mutated with a recomputed CRC`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed0b);
    let deep = 0;
    for (let i = 0; i < N; i++) {
      expect(typeof decodeGalileoskyPacket(f.randomBuffer(), null).ok).toBe("boolean");
      const m = decodeGalileoskyPacket(f.mutate(f.pick(GALILEOSKY_FRAMES), [1, 2]), "x");
      if (m.ok) checkMessage(m.value);
      const frame = f.pick(GALILEOSKY_FRAMES);
      const tags = f.mutate(frame.subarray(3, -2), [0, 3, 7, 16]);
      const w = decodeGalileoskyPacket(galileoskyPacket(tags, f.int(2) === 0), "x");
      if (w.ok) {
        checkMessage(w.value);
        if (w.value.positions.length > 0) deep++;
      }
    }
    expect(deep).toBeGreaterThan(N / 20);
  });

  it(`decodeCalampMessage (UDP datagrams): ${N} random and ${N} mutated, through a session too`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed0c);
    let decoded = 0;
    for (let i = 0; i < N; i++) {
      const r = decodeCalampMessage(f.randomBuffer());
      if (r.ok) checkMessage(r.value);
      // Offsets 1 (the mobile ID's length), 14/15 (message type, sequence) and the accumulator count.
      const mutant = f.mutate(f.pick(CALAMP_DATAGRAMS), [1, 13, 14, 54]);
      const m = decodeCalampMessage(mutant);
      if (m.ok) {
        checkMessage(m.value);
        if (m.value.positions.length > 0) decoded++;
      }
      // A session fed datagrams (one per push) never throws and never holds bytes.
      const session = createCalampSession({ allowAnonymous: f.int(2) === 0 });
      for (const d of [f.pick(CALAMP_DATAGRAMS), mutant, f.randomBuffer()]) {
        const out = session.push(d);
        for (const msg of out.messages) checkMessage(msg);
        expect(session.buffered()).toBe(0);
      }
    }
    // Sanity: some mutants still decode, so the report parsers were reached.
    expect(decoded).toBeGreaterThan(N / 50);
  });

  it(`decodeOsmAndRequest: ${N} random and ${N} mutated requests`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed07);
    const query = "id=123&timestamp=1717228800&lat=52.5&lon=13.4&speed=3.2&bearing=10&altitude=40&batt=50";
    const json =
      '{"device_id":"1","location":{"timestamp":"2024-06-01T08:00:00Z","coords":{"latitude":1,"longitude":2,"speed":3},"battery":{"level":0.5}}}';
    for (let i = 0; i < N; i++) {
      const text = f.randomBuffer().toString("latin1");
      expect(typeof decodeOsmAndRequest({ method: "GET", query: {}, body: text }, 0).ok).toBe("boolean");
      const q = f.mutate(Buffer.from(query), [3, 20]).toString("latin1");
      const r = decodeOsmAndRequest({ method: "GET", query: new URLSearchParams(q), body: null }, 0);
      if (r.ok) checkMessage(r.value);
      const j = f.mutate(Buffer.from(json), [40, 80]).toString("latin1");
      const jr = decodeOsmAndRequest(
        { method: "POST", query: {}, body: j, contentType: "application/json" },
        0,
      );
      if (jr.ok) checkMessage(jr.value);
    }
  });

  it.each(Object.entries(TEXT))(`%s frame decoder: ${N} random and ${N} mutated frames`, (_name, t) => {
    const f = new Fuzz(MAX_FRAME, 0x5eed09);
    let decoded = 0;
    for (let i = 0; i < N; i++) {
      const r = t.decode(f.randomBuffer());
      if (r.ok) checkMessage(r.value);
      const mutant = f.mutate(f.pick(t.frames), [0, 1, 4, 16, 20]);
      const raw = t.decode(mutant);
      if (raw.ok) checkMessage(raw.value);
      const m = t.decode(t.rewrap ? t.rewrap(mutant) : mutant);
      if (m.ok) {
        checkMessage(m.value);
        decoded++;
      }
    }
    // Sanity: some mutants still decode, so the field parsers were reached.
    expect(decoded).toBeGreaterThan(N / 50);
  });

  it(`decodeForCli: ${N} random inputs for every protocol`, () => {
    const f = new Fuzz(MAX_FRAME, 0x5eed08);
    for (let i = 0; i < N; i++) {
      const protocol = f.pick([...Object.keys(protocols), "nope"]);
      const text = TEXT[protocol as keyof typeof TEXT];
      const input =
        text && f.int(2)
          ? f.mutate(Buffer.concat(text.frames), [0, 4]).toString("latin1")
          : f.int(2)
            ? f.randomBuffer().toString("hex")
            : f.randomBuffer().toString("latin1");
      const out = decodeForCli(protocol, input, 0);
      expect(out.protocol).toBe(protocol);
      expect(Array.isArray(out.positions)).toBe(true);
    }
  });
});
