import net, { type AddressInfo } from "node:net";
import { type DecodedMessage, protocols } from "@vigia/protocols";
import { afterEach, describe, expect, it } from "vitest";
import type { Sample } from "../motion/types.ts";
import { AckedClient, type AckedProtocolName } from "./acked.ts";
import { type ClientEvent, newStats } from "./common.ts";
import { TEST_T0, testSample } from "./test-samples.ts";
import { TextClient, type TextProtocolName, textDeviceId } from "./text.ts";

const T0 = TEST_T0;
const IMEI = "350000000000001";
const sample = (i: number): Sample => testSample(i);

/** A server decoding with the gateway's own session for the protocol and answering what it answers. */
class SessionServer {
  readonly messages: DecodedMessage[] = [];
  readonly errors: string[] = [];
  private waiters: (() => void)[] = [];
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(protocol: TextProtocolName | AckedProtocolName) {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      const session = protocols[protocol].createSession();
      socket.on("data", (chunk) => {
        const out = session.push(chunk);
        this.messages.push(...out.messages);
        for (const reply of out.replies) socket.write(reply);
        if (out.error) this.errors.push(out.error);
        for (const w of this.waiters.splice(0)) w();
      });
      socket.on("error", () => undefined);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async until(pred: () => boolean): Promise<void> {
    while (!pred()) await new Promise<void>((r) => this.waiters.push(r));
  }

  positions(): number[] {
    return this.messages.flatMap((m) => m.positions.map((p) => p.ts));
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(["h02", "gps103", "tk103", "watch", "wialon", "gl200", "meitrack", "suntech"] as const)(
  "%s client",
  (protocol) => {
    it("logs on, sends what it kept offline, reports live and keeps the link with heartbeats", async () => {
      const server = await new SessionServer(protocol).start();
      cleanups.push(() => server.stop());
      let now = T0;
      const events: ClientEvent[] = [];
      const client = new TextClient({
        protocol,
        imei: IMEI,
        host: "127.0.0.1",
        port: server.port,
        stats: newStats(),
        now: () => now,
        onEvent: (e) => events.push(e),
      });
      cleanups.push(() => client.close());
      client.push(sample(0));
      client.push(sample(1));
      expect(client.buffered()).toBe(2);
      client.tick(now);
      await server.until(() => server.positions().length >= 2);
      client.push(sample(2));
      await server.until(() => server.positions().length >= 3);
      expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
      expect(server.messages.every((m) => m.imei === textDeviceId(protocol, IMEI))).toBe(true);
      expect(client.buffered()).toBe(0);
      // Meitrack sends what waited offline as one CCC binary history frame.
      if (protocol === "meitrack")
        expect(server.messages[0]?.positions.map((p) => p.attributes.archive)).toEqual([true, true]);

      // The keep-alive: a heartbeat, or for Meitrack (which has none) one more timed report.
      const before = server.messages.length;
      now += 180_000;
      client.tick(now);
      await server.until(() => server.messages.length > before);
      expect(server.messages.at(-1)?.kind).toBe(protocol === "meitrack" ? "position" : "heartbeat");
      expect(server.errors).toEqual([]);
      expect(events.some((e) => e.type === "closed")).toBe(false);
    });
  },
);

/**
 * An acknowledged client of `protocol` talking to a session server: fixes 0 and 1 kept while offline, then fix 2
 * live. `between` looks at the server after the first two arrived.
 */
async function ackedRun(protocol: AckedProtocolName, id = IMEI, between?: (server: SessionServer) => void) {
  const server = await new SessionServer(protocol).start();
  cleanups.push(() => server.stop());
  const stats = newStats();
  const client = new AckedClient({
    protocol,
    imei: id,
    host: "127.0.0.1",
    port: server.port,
    stats,
    now: () => T0,
  });
  cleanups.push(() => client.close());
  client.push(sample(0));
  client.push(sample(1));
  client.tick(T0);
  await server.until(() => server.positions().length >= 2);
  between?.(server);
  client.push(sample(2));
  await server.until(() => server.positions().length >= 3);
  return { server, client, stats };
}

describe.each(["ruptela", "galileosky"] as const)("%s client (acknowledged binary packets)", (protocol) => {
  it("sends what it kept offline as history, then live records, each packet acknowledged", async () => {
    const { server, client, stats } = await ackedRun(protocol, IMEI, (server) => {
      expect(server.messages[0]?.positions.every((p) => p.attributes.archive === true)).toBe(true);
    });
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    expect(server.messages.at(-1)?.positions[0]?.attributes.archive).toBeUndefined();
    expect(server.messages.every((m) => m.imei === IMEI)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("topflytech client (log-in, then one acknowledged location packet per fix)", () => {
  it("logs in, then sends each fix in its own packet; every packet is acknowledged", async () => {
    const { server, client, stats } = await ackedRun("topflytech");
    expect(server.messages[0]?.kind).toBe("login");
    expect(server.messages.slice(1).map((m) => m.positions.length)).toEqual([1, 1, 1]);
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    const first = server.messages[1]?.positions[0];
    expect(first?.lat).toBeCloseTo(sample(0).lat, 4);
    expect(first?.spd).toBeCloseTo(sample(0).speedKmh, 1);
    expect(first?.attributes.ignition).toBe(true);
    expect(server.messages.every((m) => m.imei === IMEI)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("jt808 client (authenticate, then acknowledged locations; a backlog as a blind-area batch)", () => {
  /** A JT/T 808 terminal is named by a 12-digit phone number. */
  const PHONE = IMEI.slice(-12);
  it("authenticates with its phone number, then sends its fixes; every packet is answered", async () => {
    const { server, client, stats } = await ackedRun("jt808", PHONE);
    expect(server.messages[0]?.kind).toBe("login");
    expect(server.messages.slice(1).flatMap((m) => m.positions)).toHaveLength(3);
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    const first = server.messages[1]?.positions[0];
    expect(first?.lat).toBeCloseTo(sample(0).lat, 4);
    expect(first?.spd).toBeCloseTo(sample(0).speedKmh, 1);
    expect(first?.attributes.ignition).toBe(true);
    expect(server.messages.every((m) => m.imei === PHONE)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("egts client (log-in, result code answered, then acknowledged teledata records)", () => {
  it("logs in with its IMEI, answers the result code, then sends its fixes; every packet is confirmed", async () => {
    const { server, client, stats } = await ackedRun("egts");
    expect(server.messages[0]?.kind).toBe("login");
    // The device's response to the server's result code reaches the server as a packet that wants no answer.
    expect(server.messages.some((m) => m.kind === "heartbeat")).toBe(true);
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    const first = server.messages.find((m) => m.positions.length > 0)?.positions[0];
    expect(first?.lat).toBeCloseTo(sample(0).lat, 5);
    expect(first?.spd).toBeCloseTo(sample(0).speedKmh, 1);
    expect(server.messages.every((m) => m.imei === IMEI)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("cellocator client (one acknowledged status message per fix)", () => {
  it("sends each fix as a numbered status message; every one is acknowledged", async () => {
    const unit = "1429642";
    const { server, client, stats } = await ackedRun("cellocator", unit);
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    expect(server.messages[0]?.positions[0]?.lat).toBeCloseTo(sample(0).lat, 5);
    expect(server.messages.every((m) => m.imei === unit)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("atrack client (binary packets of everything kept since the last answer)", () => {
  it("sends its fixes in packets; every packet is answered FE 02 with its sequence", async () => {
    const { server, client, stats } = await ackedRun("atrack");
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    expect(server.messages[0]?.positions[0]?.lat).toBeCloseTo(sample(0).lat, 5);
    expect(server.messages.every((m) => m.imei === IMEI)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("eelink client (log-in, then one answered GPS package per fix)", () => {
  it("logs in with its IMEI, then sends each fix in its own package; every package is answered", async () => {
    const { server, client, stats } = await ackedRun("eelink");
    expect(server.messages[0]?.kind).toBe("login");
    expect(server.messages.slice(1).map((m) => m.positions.length)).toEqual([1, 1, 1]);
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    const first = server.messages[1]?.positions[0];
    expect(first?.lat).toBeCloseTo(sample(0).lat, 5);
    expect(first?.lng).toBeCloseTo(sample(0).lng, 5);
    expect(first?.spd).toBe(Math.round(sample(0).speedKmh));
    expect(server.messages.every((m) => m.imei === IMEI)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});

describe("navtelecom client (log-in and FLEX negotiation, then ~A packets of records)", () => {
  it("logs in, negotiates its fields, then sends its fixes in ~A packets; every packet is answered", async () => {
    const { server, client, stats } = await ackedRun("navtelecom");
    expect(server.messages.slice(0, 2).map((m) => m.kind)).toEqual(["login", "heartbeat"]);
    expect(server.positions()).toEqual([0, 1, 2].map((i) => sample(i).timeMs));
    const first = server.messages.find((m) => m.positions.length > 0)?.positions[0];
    expect(first?.lat).toBeCloseTo(sample(0).lat, 5);
    expect(first?.lng).toBeCloseTo(sample(0).lng, 5);
    expect(first?.valid).toBe(true);
    expect(server.messages.every((m) => m.imei === IMEI)).toBe(true);
    expect(server.errors).toEqual([]);
    while (stats.acked < 3) await new Promise((r) => setImmediate(r));
    expect(client.buffered()).toBe(0);
  });
});
