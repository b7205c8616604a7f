import { createAtrackSession } from "./atrack/codec.ts";
import { atrackCommands } from "./atrack/commands.ts";
import { createCalampSession } from "./calamp/codec.ts";
import { createCellocatorSession } from "./cellocator/codec.ts";
import { cellocatorCommands } from "./cellocator/commands.ts";
import { createEelinkSession } from "./eelink/codec.ts";
import { eelinkCommands } from "./eelink/commands.ts";
import { createEgtsSession } from "./egts/codec.ts";
import { egtsCommands } from "./egts/commands.ts";
import { createGalileoskySession } from "./galileosky/codec.ts";
import { galileoskyCommands } from "./galileosky/commands.ts";
import { createGl200Session } from "./gl200/codec.ts";
import { gl200Commands } from "./gl200/commands.ts";
import { createGps103Session } from "./gps103/codec.ts";
import { gps103Commands } from "./gps103/commands.ts";
import { gt06Commands } from "./gt06/commands.ts";
import { createGt06Session } from "./gt06/session.ts";
import { createH02Session } from "./h02/codec.ts";
import { h02Commands } from "./h02/commands.ts";
import { createJt808Session } from "./jt808/codec.ts";
import { jt808Commands } from "./jt808/commands.ts";
import { createMeitrackSession } from "./meitrack/codec.ts";
import { meitrackCommands } from "./meitrack/commands.ts";
import { createNavtelecomSession } from "./navtelecom/codec.ts";
import { navtelecomCommands } from "./navtelecom/commands.ts";
import { decodeOsmAndRequest } from "./osmand/codec.ts";
import { createRuptelaSession } from "./ruptela/codec.ts";
import { ruptelaCommands } from "./ruptela/commands.ts";
import type { CommandSet } from "./shared/command-set.ts";
import { stampReceptionTime } from "./shared/reception-time.ts";
import type {
  Attributes,
  DecodedMessage,
  PositionSource,
  SessionOptions,
  StreamSession,
} from "./shared/types.ts";
import { createSuntechSession } from "./suntech/codec.ts";
import { suntechCommands } from "./suntech/commands.ts";
import { teltonikaCommands } from "./teltonika/commands.ts";
import { createTeltonikaSession } from "./teltonika/session.ts";
import { createTk103Session } from "./tk103/codec.ts";
import { tk103Commands } from "./tk103/commands.ts";
import { createTopflytechSession } from "./topflytech/codec.ts";
import { topflytechCommands } from "./topflytech/commands.ts";
import { createWatchSession } from "./watch/codec.ts";
import { watchCommands } from "./watch/commands.ts";
import { createWialonSession } from "./wialon/codec.ts";
import { wialonCommands } from "./wialon/commands.ts";

export interface TcpProtocol {
  transport: "tcp";
  defaultPort: number;
  /** Text protocols: `vigia decode` takes the frames as text (hex is accepted too). */
  text: boolean;
  /** Devices of this family also report over UDP (one or more frames per datagram, answers to the sender). */
  udp?: true;
  /** The devices speak only UDP (CalAmp LM Direct): the gateway opens no TCP listener, only the UDP port. */
  udpOnly?: true;
  createSession(options?: SessionOptions): StreamSession;
  /** The commands the codec can send to these devices; absent when the protocol has no command channel. */
  commands?: CommandSet;
}

export interface HttpProtocol {
  transport: "http";
  defaultPort: number;
  decode: typeof decodeOsmAndRequest;
}

/** Listener registry: one entry per protocol, with the port commonly used for it by device vendors. */
export const protocols = {
  teltonika: {
    transport: "tcp",
    defaultPort: 5027,
    text: false,
    createSession: createTeltonikaSession,
    commands: teltonikaCommands,
  },
  gt06: {
    transport: "tcp",
    defaultPort: 5023,
    text: false,
    createSession: createGt06Session,
    commands: gt06Commands,
  },
  osmand: { transport: "http", defaultPort: 5055, decode: decodeOsmAndRequest },
  h02: {
    transport: "tcp",
    defaultPort: 5013,
    text: true,
    udp: true,
    createSession: createH02Session,
    commands: h02Commands,
  },
  gps103: {
    transport: "tcp",
    defaultPort: 5001,
    text: true,
    createSession: createGps103Session,
    commands: gps103Commands,
  },
  tk103: {
    transport: "tcp",
    defaultPort: 5002,
    text: true,
    createSession: createTk103Session,
    commands: tk103Commands,
  },
  watch: {
    transport: "tcp",
    defaultPort: 5093,
    text: true,
    createSession: createWatchSession,
    commands: watchCommands,
  },
  wialon: {
    transport: "tcp",
    defaultPort: 5039,
    text: true,
    createSession: createWialonSession,
    commands: wialonCommands,
  },
  gl200: {
    transport: "tcp",
    defaultPort: 5004,
    text: true,
    udp: true,
    createSession: createGl200Session,
    commands: gl200Commands,
  },
  meitrack: {
    transport: "tcp",
    defaultPort: 5020,
    text: true,
    udp: true,
    createSession: createMeitrackSession,
    commands: meitrackCommands,
  },
  suntech: {
    transport: "tcp",
    defaultPort: 5011,
    text: true,
    udp: true,
    createSession: createSuntechSession,
    commands: suntechCommands,
  },
  ruptela: {
    transport: "tcp",
    defaultPort: 5046,
    text: false,
    createSession: createRuptelaSession,
    commands: ruptelaCommands,
  },
  galileosky: {
    transport: "tcp",
    defaultPort: 5034,
    text: false,
    createSession: createGalileoskySession,
    commands: galileoskyCommands,
  },
  topflytech: {
    transport: "tcp",
    defaultPort: 5119,
    text: false,
    createSession: createTopflytechSession,
    commands: topflytechCommands,
  },
  jt808: {
    transport: "tcp",
    defaultPort: 5015,
    text: false,
    createSession: createJt808Session,
    commands: jt808Commands,
  },
  egts: {
    transport: "tcp",
    defaultPort: 5007,
    text: false,
    createSession: createEgtsSession,
    commands: egtsCommands,
  },
  cellocator: {
    transport: "tcp",
    defaultPort: 5063,
    text: false,
    createSession: createCellocatorSession,
    commands: cellocatorCommands,
  },
  atrack: {
    transport: "tcp",
    defaultPort: 5067,
    text: false,
    createSession: createAtrackSession,
    commands: atrackCommands,
  },
  eelink: {
    transport: "tcp",
    defaultPort: 5064,
    text: false,
    createSession: createEelinkSession,
    commands: eelinkCommands,
  },
  navtelecom: {
    transport: "tcp",
    defaultPort: 5185,
    text: false,
    createSession: createNavtelecomSession,
    commands: navtelecomCommands,
  },
  calamp: {
    transport: "tcp",
    defaultPort: 20500,
    text: false,
    udp: true,
    udpOnly: true,
    createSession: createCalampSession,
  },
} as const satisfies Record<string, TcpProtocol | HttpProtocol>;

export type ProtocolName = keyof typeof protocols;

export function isProtocolName(name: string): name is ProtocolName {
  return Object.hasOwn(protocols, name);
}

/** The protocols served on their own port by the gateway: TCP, and UDP too where `udp` (only UDP: `udpOnly`). */
export type TcpProtocolName = {
  [K in ProtocolName]: (typeof protocols)[K] extends { transport: "tcp" } ? K : never;
}[ProtocolName];

export const tcpProtocolNames = Object.entries(protocols)
  .filter(([, p]) => p.transport === "tcp")
  .map(([name]) => name as TcpProtocolName);

/**
 * The protocols whose devices report over UDP: the gateway listens on the same port number as their TCP listener,
 * or on their own port for the UDP-only ones.
 */
export const udpProtocolNames = tcpProtocolNames.filter((name) => "udp" in protocols[name]);

export interface CliPosition {
  ts: number;
  lat: number;
  lng: number;
  alt: number;
  spd: number;
  course: number;
  satt: number;
  valid: boolean;
  src: PositionSource;
  attributes: Attributes;
}

/** Output of `vigia decode`. `error` is present only when decoding stopped early. */
export interface CliOutput {
  protocol: string;
  imei: string | null;
  positions: CliPosition[];
  /** Hex of every reply byte the server would have sent, concatenated, or null if none. */
  ack: string | null;
  error?: string;
}

/** Accepts "78 78 0d…", "0x7878…", "78:78:…" as pasted from logs and Wireshark. */
function parseHex(input: string): Buffer | null {
  const clean = input.replace(/^0x/i, "").replace(/[\s:,-]/g, "");
  return /^([0-9a-fA-F]{2})*$/.test(clean) ? Buffer.from(clean, "hex") : null;
}

/**
 * Text frames as typed or pasted: anything that is not plain hex, with the escapes `\r` and `\n` written out
 * (Wialon packets end with CR LF). Plain hex stays hex: a capture's bytes.
 */
function textInput(input: string): Buffer | null {
  const clean = input.replace(/^0x/i, "").replace(/[\s:,-]/g, "");
  if (/^([0-9a-fA-F]{2})+$/.test(clean) && !/^\d+;?$/.test(input.trim())) return null;
  // Line ends are filler between frames for every text protocol, and they end Wialon packets.
  return Buffer.from(`${input.trim().replaceAll("\\r", "\r").replaceAll("\\n", "\n")}\r\n`, "latin1");
}

/** Request line, URL, path with query, bare query string, or JSON body → one OsmAnd request. */
function osmandFromCli(input: string) {
  const text = input.trim();
  if (text.startsWith("{")) return { method: "POST", query: {}, body: text, contentType: "application/json" };
  const line = (text.split(/\r?\n/)[0] ?? "")
    .replace(/^(GET|POST)\s+/i, "")
    .replace(/\s+HTTP\/\d(\.\d)?$/i, "");
  const q = line.indexOf("?");
  const query = q >= 0 ? line.slice(q + 1) : line.startsWith("/") || line.includes("://") ? "" : line;
  return { method: "GET", query: new URLSearchParams(query), body: null };
}

function toCli(
  protocol: string,
  messages: DecodedMessage[],
  imei: string | null,
  replies: Buffer[],
  now: number,
): CliOutput {
  // The CLI reads the input now: a record without a device time is shown at this time, as the gateway would store it.
  const positions = messages.flatMap((m) =>
    stampReceptionTime(m.positions, now).map((p) => ({
      ts: p.ts,
      lat: p.lat,
      lng: p.lng,
      alt: p.alt,
      spd: p.spd,
      course: p.course,
      satt: p.satt,
      valid: p.valid,
      src: p.src,
      attributes: p.attributes,
    })),
  );
  const ack = replies.length > 0 ? Buffer.concat(replies).toString("hex") : null;
  return { protocol, imei: imei ?? messages.find((m) => m.imei !== null)?.imei ?? null, positions, ack };
}

/**
 * Decodes what a device sent, for `vigia decode <protocol> <input>`: hex of a whole TCP
 * conversation (handshake/login first is optional) or an OsmAnd request. Never throws.
 */
export function decodeForCli(protocol: string, input: string, now: number = Date.now()): CliOutput {
  const fail = (error: string): CliOutput => ({ protocol, imei: null, positions: [], ack: null, error });
  if (!isProtocolName(protocol))
    return fail(`unknown protocol "${protocol}" (known: ${Object.keys(protocols).join(", ")})`);
  const entry = protocols[protocol];
  if (entry.transport === "http") {
    const res = entry.decode(osmandFromCli(input), now);
    return res.ok ? toCli(protocol, [res.value], res.value.imei, [], now) : fail(res.error);
  }
  // Text protocols take the frames as pasted from a log; hex is accepted too (a capture's bytes).
  const bytes = (entry.text ? textInput(input) : null) ?? parseHex(input);
  if (!bytes) return fail("input is not hex");
  const session = entry.createSession({ allowAnonymous: true });
  const pushed = session.push(bytes);
  const ended = pushed.error ? pushed : session.end();
  const out = {
    messages: [...pushed.messages, ...(pushed.error ? [] : ended.messages)],
    replies: [...pushed.replies, ...(pushed.error ? [] : ended.replies)],
    error: pushed.error ?? ended.error,
  };
  const result = toCli(protocol, out.messages, session.imei(), out.replies, now);
  if (out.error) result.error = out.error;
  else if (session.buffered() > 0) result.error = `incomplete frame: ${session.buffered()} bytes left over`;
  return result;
}
