import type { AddressInfo } from "node:net";
import net from "node:net";
import {
  createAtrackSession,
  createEgtsSession,
  createNavtelecomSession,
  type DecodedMessage,
  encodeDeviceCommand,
  type StreamSession,
} from "@vigia/protocols";
import { afterEach, describe, expect, it } from "vitest";
import type { Sample } from "../motion/types.ts";
import { AckedClient, type AckedProtocolName } from "./acked.ts";
import { newStats } from "./common.ts";

/**
 * A simulated EGTS, ATrack or Navtelecom tracker on a real socket, against a small server that reads it with the gateway's own
 * codec session, answers as the gateway does and writes one command once the device has named itself: the device
 * answers the command in frames the session reads as its result, and its records keep being acknowledged after
 * the answer. Waits are event-driven, never sleeps.
 */
const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);
const IMEI = "861230043907626";

const sample = (i: number): Sample => ({
  timeMs: T0 + i * 10_000,
  lat: 55.7558 + i * 1e-4,
  lng: 37.6173,
  altitudeM: 150,
  speedKmh: 40,
  heading: 90,
  satellites: 10,
  ignition: true,
  moving: true,
  odometerM: 1_000 + i * 100,
  fuelPct: 60,
  engineSeconds: 7200,
  externalMv: 14000,
  batteryMv: 4100,
  batteryPct: 100,
  charging: true,
  gsm: 4,
  speeding: false,
  events: [],
});

class CodecServer {
  readonly messages: DecodedMessage[] = [];
  readonly errors: string[] = [];
  private waiters: (() => void)[] = [];
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  port = 0;

  constructor(session: () => StreamSession, command: Buffer) {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      const s = session();
      let commanded = false;
      socket.on("data", (chunk) => {
        const out = s.push(chunk);
        if (out.error) this.errors.push(out.error);
        for (const r of out.replies) socket.write(r);
        this.messages.push(...out.messages);
        if (!commanded && s.imei() !== null) {
          commanded = true;
          socket.write(command);
        }
        this.poke();
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Re-checks the waits (the client's counters changed). */
  poke(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  async until(pred: () => boolean): Promise<void> {
    while (!pred()) await new Promise<void>((r) => this.waiters.push(r));
  }

  stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each([
  ["egts", createEgtsSession, "STATUS", "STATUS OK"],
  ["atrack", createAtrackSession, "AT$INFO=?", `$INFO=${IMEI},AK7,Rev.sim`],
  ["navtelecom", createNavtelecomSession, "*!SETOUT 1Y", "*@SETOUT OK,1Y"],
] as const)("a simulated %s tracker", (protocol, session, text, result) => {
  it("answers the server's command and keeps its records acknowledged around the answer", async () => {
    const command = encodeDeviceCommand(protocol, text, { imei: IMEI, serial: 1, id: 61, nowMs: 0 });
    if (!command) throw new Error(`${protocol} has no command channel`);
    const server = await new CodecServer(session, command).start();
    cleanups.push(() => server.stop());
    const stats = newStats();
    const client = new AckedClient({
      protocol: protocol satisfies AckedProtocolName,
      imei: IMEI,
      host: "127.0.0.1",
      port: server.port,
      stats,
      now: () => T0,
      onEvent: () => server.poke(),
    });
    cleanups.push(() => client.close());
    client.push(sample(0));
    client.tick(T0);
    await server.until(() => server.messages.some((m) => m.kind === "commandResult"));
    const answer = server.messages.find((m) => m.kind === "commandResult");
    expect(answer?.attributes.result).toBe(result);
    expect(answer?.imei).toBe(IMEI);
    for (let i = 1; i <= 3; i++) {
      client.push(sample(i));
      await server.until(() => stats.acked === i + 1);
    }
    expect(client.buffered()).toBe(0);
    expect(stats.errors).toBe(0);
    expect(server.errors).toEqual([]);
  });
});
