/**
 * decode: frames per second through each protocol's gateway session (or, for OsmAnd, its request decoder), on one
 * core, for every protocol in the registry. Each round pushes one valid conversation (login first where the
 * protocol has one: the same frames the fuzz tests use) into a fresh session, as a new connection would, and
 * counts the messages that come out. Rates per wall second and per CPU second of this process (the steadier
 * figure on a shared machine). `BENCH_DECODE_MS` sets the time per protocol (default 1,000 ms); `BENCH_DECODE_ONLY`
 * (comma-separated names) limits the run to those protocols, for profiling one family. Prints one JSON line.
 */

import { ATRACK_CONVERSATION } from "../packages/protocols/src/atrack/fixtures.ts";
import { GALILEOSKY_FRAMES, RUPTELA_FRAMES } from "../packages/protocols/src/binary-fixtures.ts";
import { CALAMP_DATAGRAMS } from "../packages/protocols/src/calamp/fixtures.ts";
import { CELLOCATOR_CONVERSATION } from "../packages/protocols/src/cellocator/fixtures.ts";
import { EELINK_CONVERSATION } from "../packages/protocols/src/eelink/fixtures.ts";
import { EGTS_CONVERSATION } from "../packages/protocols/src/egts/fixtures.ts";
import {
  builtCodec8,
  CONCOX_ALARM,
  CONCOX_GPS_12,
  CONCOX_GPS_22,
  CONCOX_LOGIN,
  CONCOX_STATUS,
  hex,
  WIKI_CODEC8_1,
  WIKI_CODEC8E,
  WIKI_IMEI,
} from "../packages/protocols/src/fixtures.ts";
import { JT808_CONVERSATION } from "../packages/protocols/src/jt808/fixtures.ts";
import { NAVTELECOM_CONVERSATION } from "../packages/protocols/src/navtelecom/fixtures.ts";
import { decodeOsmAndRequest } from "../packages/protocols/src/osmand/codec.ts";
import { type ProtocolName, protocols } from "../packages/protocols/src/registry.ts";
import { TEXT_CONVERSATIONS } from "../packages/protocols/src/text-fixtures.ts";
import { TOPFLYTECH_CONVERSATION } from "../packages/protocols/src/topflytech/fixtures.ts";
import { cpuMsSince } from "./cpu.ts";

const MS = Number(process.env.BENCH_DECODE_MS ?? 1000);
const ONLY = (process.env.BENCH_DECODE_ONLY ?? "").split(",").filter((name) => name !== "");

/** One valid conversation per TCP protocol; for CalAmp (UDP) one datagram, which is what a session takes. */
const CONVERSATIONS: Partial<Record<ProtocolName, Buffer>> = {
  teltonika: Buffer.concat([hex(WIKI_IMEI), hex(WIKI_CODEC8_1), hex(WIKI_CODEC8E), builtCodec8()]),
  gt06: Buffer.concat([CONCOX_LOGIN, CONCOX_GPS_12, CONCOX_GPS_22, CONCOX_STATUS, CONCOX_ALARM].map(hex)),
  ruptela: Buffer.concat(RUPTELA_FRAMES),
  galileosky: Buffer.concat(GALILEOSKY_FRAMES),
  topflytech: Buffer.concat([TOPFLYTECH_CONVERSATION.hello, ...TOPFLYTECH_CONVERSATION.frames]),
  jt808: Buffer.concat([JT808_CONVERSATION.hello, ...JT808_CONVERSATION.frames]),
  egts: Buffer.concat([EGTS_CONVERSATION.hello, ...EGTS_CONVERSATION.frames]),
  cellocator: Buffer.concat([CELLOCATOR_CONVERSATION.hello, ...CELLOCATOR_CONVERSATION.frames]),
  atrack: Buffer.concat([ATRACK_CONVERSATION.hello, ...ATRACK_CONVERSATION.frames]),
  eelink: Buffer.concat([EELINK_CONVERSATION.hello, ...EELINK_CONVERSATION.frames]),
  navtelecom: Buffer.concat([NAVTELECOM_CONVERSATION.hello, ...NAVTELECOM_CONVERSATION.frames]),
  calamp: CALAMP_DATAGRAMS[0],
  ...Object.fromEntries(
    Object.entries(TEXT_CONVERSATIONS).map(([name, t]) => [name, Buffer.concat([t.hello, ...t.frames])]),
  ),
};

function measure(round: () => number): { wall: number; cpu: number } {
  // Warm up so the JIT has compiled the decoder before the clock starts.
  for (let i = 0; i < 200; i++) round();
  const cpu = process.cpuUsage();
  const start = performance.now();
  let frames = 0;
  while (performance.now() - start < MS) for (let i = 0; i < 50; i++) frames += round();
  const wallMs = performance.now() - start;
  return { wall: Math.round((frames / wallMs) * 1000), cpu: Math.round((frames / cpuMsSince(cpu)) * 1000) };
}

const framesPerSecond: Record<string, number> = {};
const framesPerCpuSecond: Record<string, number> = {};
const record = (name: string, r: { wall: number; cpu: number }) => {
  framesPerSecond[name] = r.wall;
  framesPerCpuSecond[name] = r.cpu;
};
for (const [name, entry] of Object.entries(protocols)) {
  if (ONLY.length > 0 && !ONLY.includes(name)) continue;
  if (entry.transport === "http") {
    const query = new URLSearchParams(
      "id=123456&timestamp=1717228800&lat=52.5&lon=13.4&speed=3.2&bearing=10",
    );
    record(
      name,
      measure(() => (decodeOsmAndRequest({ method: "GET", query, body: null }, 0).ok ? 1 : 0)),
    );
    continue;
  }
  const conversation = CONVERSATIONS[name as ProtocolName];
  if (!conversation) throw new Error(`bench decode: no conversation for ${name}`);
  const probe = entry.createSession().push(conversation);
  if (probe.error) throw new Error(`bench decode: ${name} conversation fails: ${probe.error}`);
  record(
    name,
    measure(() => entry.createSession().push(conversation).messages.length),
  );
}

console.log(JSON.stringify({ bench: "decode", msPerProtocol: MS, framesPerSecond, framesPerCpuSecond }));
