import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import { calampAck, type DecodedMessage, encodeCalampEvent, protocols } from "@vigia/protocols";
import { afterEach, describe, expect, it } from "vitest";
import type { Sample } from "../motion/types.ts";
import { CalampClient, type CalampSocketFactory } from "./calamp.ts";
import { type ClientEvent, fixOf, newStats } from "./common.ts";
import { TEST_T0, testSample } from "./test-samples.ts";

const T0 = TEST_T0;
const IMEI = "352398080000001";
const sample = (i: number): Sample => testSample(i);

/**
 * The gateway's side of a unit's socket, in memory: every datagram the unit sends is decoded by the gateway's own
 * CalAmp session, and the test decides which answers go back, and when.
 */
class FakeGateway {
  readonly datagrams: Buffer[] = [];
  readonly messages: DecodedMessage[] = [];
  readonly replies: Buffer[] = [];
  readonly errors: string[] = [];
  private readonly session = protocols.calamp.createSession();
  private deliver: (datagram: Buffer) => void = () => undefined;
  closed = false;

  readonly socket: CalampSocketFactory = (target, onMessage) => {
    expect(target).toEqual({ host: "gateway.test", port: 20500 });
    this.deliver = onMessage;
    return {
      send: (datagram) => {
        this.datagrams.push(datagram);
        const out = this.session.push(datagram);
        this.messages.push(...out.messages);
        this.replies.push(...out.replies);
        if (out.error) this.errors.push(out.error);
      },
      close: () => {
        this.closed = true;
      },
    };
  };

  /** Hands the unit a datagram from the server: an ACK it replied, or anything else. */
  answer(datagram: Buffer): void {
    this.deliver(datagram);
  }

  sequences(): unknown[] {
    return this.messages.map((m) => m.attributes.sequence);
  }
}

function unit(gateway: FakeGateway, clock: { now: number }, events: ClientEvent[] = []) {
  const stats = newStats();
  const client = new CalampClient({
    imei: IMEI,
    host: "gateway.test",
    port: 20500,
    stats,
    now: () => clock.now,
    ackTimeoutMs: 10_000,
    socket: gateway.socket,
    onEvent: (e) => events.push(e),
  });
  return { client, stats };
}

describe("CalAmp client (LM Direct event reports over UDP)", () => {
  it("sends each fix as an acknowledged event report the gateway's codec decodes, the next one after the ACK", () => {
    const gateway = new FakeGateway();
    const clock = { now: T0 };
    const { client, stats } = unit(gateway, clock);
    client.push(sample(0));
    client.tick(clock.now);
    expect(gateway.datagrams).toHaveLength(1);
    const m = gateway.messages[0]!;
    expect([m.kind, m.imei]).toEqual(["position", IMEI]);
    const p = m.positions[0]!;
    expect(p.ts).toBe(sample(0).timeMs);
    expect(p.lat).toBeCloseTo(sample(0).lat, 6);
    expect(p.lng).toBeCloseTo(sample(0).lng, 6);
    expect(p.spd).toBeCloseTo(30, 1);
    expect([p.course, p.satt, p.valid, p.attributes.ignition, p.attributes.archive]).toEqual([
      90,
      10,
      true,
      true,
      undefined,
    ]);

    // Nothing more goes until the gateway's ACK: one report in flight at a time.
    client.push(sample(1));
    client.tick(clock.now);
    expect(gateway.datagrams).toHaveLength(1);
    gateway.answer(gateway.replies[0]!);
    expect(gateway.datagrams).toHaveLength(2);
    expect(stats.acked).toBe(1);
    gateway.answer(gateway.replies[1]!);
    expect(gateway.sequences()).toEqual([1, 2]);
    expect(gateway.messages.map((x) => x.positions[0]?.ts)).toEqual([0, 1].map((i) => sample(i).timeMs));
    expect([stats.sent, stats.acked, stats.errors, client.buffered()]).toEqual([2, 2, 0, 0]);
    expect(gateway.errors).toEqual([]);
  });

  it("resends the same report until it is acknowledged, ever less often, then sends the backlog as historic", () => {
    const gateway = new FakeGateway();
    const clock = { now: T0 };
    const events: ClientEvent[] = [];
    const { client, stats } = unit(gateway, clock, events);
    client.push(sample(0));
    client.tick(clock.now);
    // Not yet due: the ACK may still come.
    clock.now += 9_999;
    client.push(sample(1));
    client.tick(clock.now);
    expect(gateway.datagrams).toHaveLength(1);
    // The first wait is over: the same datagram, same sequence, again.
    clock.now += 1;
    client.push(sample(2));
    client.tick(clock.now);
    expect(gateway.datagrams).toHaveLength(2);
    expect(gateway.datagrams[1]).toEqual(gateway.datagrams[0]);
    expect(events.filter((e) => e.type === "closed")).toEqual([{ type: "closed", error: "ACK timeout" }]);
    expect(gateway.sequences()).toEqual([1, 1]);
    // Later waits grow: backoff from 10 s, doubling, ±20 %.
    const resentAt = [T0, T0 + 10_000];
    while (gateway.datagrams.length < 4) {
      clock.now += 500;
      const before = gateway.datagrams.length;
      client.tick(clock.now);
      if (gateway.datagrams.length > before) resentAt.push(clock.now);
    }
    const waits = resentAt.slice(1).map((t, i) => t - resentAt[i]!);
    expect(waits[0]).toBe(10_000);
    expect(waits[1]).toBeGreaterThanOrEqual(8_000);
    expect(waits[1]).toBeLessThanOrEqual(12_500);
    expect(waits[2]).toBeGreaterThanOrEqual(16_000);
    expect(waits[2]).toBeLessThanOrEqual(24_500);
    expect(gateway.sequences()).toEqual([1, 1, 1, 1]);
    expect(stats.errors).toBe(3);

    // A stale ACK (another sequence), a NAK and a datagram that is no ACK change nothing and are not answered.
    const sent = gateway.datagrams.length;
    gateway.answer(calampAck(9, 2));
    const nak = calampAck(1, 2);
    nak.writeUInt8(1, 5);
    gateway.answer(nak);
    gateway.answer(encodeCalampEvent("352398080000999", 1, fixOf(sample(0))));
    gateway.answer(Buffer.from("garbage"));
    expect(gateway.datagrams).toHaveLength(sent);
    expect(client.buffered()).toBe(3);

    // The ACK: the backlog follows straight away, one report per ACK, the older fixes flagged historic.
    gateway.answer(gateway.replies[0]!);
    gateway.answer(gateway.replies.at(-1)!);
    gateway.answer(gateway.replies.at(-1)!);
    expect(gateway.sequences()).toEqual([1, 1, 1, 1, 2, 3]);
    expect(gateway.messages.slice(4).map((m) => m.positions[0]?.ts)).toEqual(
      [1, 2].map((i) => sample(i).timeMs),
    );
    expect(gateway.messages.slice(4).map((m) => m.positions[0]?.attributes.archive)).toEqual([
      true,
      undefined,
    ]);
    expect([stats.sent, stats.acked, client.buffered()]).toEqual([6, 3, 0]);

    // Once answered, the first wait is 10 s again.
    client.push(sample(3));
    client.tick(clock.now);
    clock.now += 10_000;
    client.tick(clock.now);
    expect(gateway.sequences().slice(-2)).toEqual([4, 4]);
    expect(gateway.errors).toEqual([]);
  });

  it("keeps at most maxBuffered fixes, never the one in flight, and closes its socket", async () => {
    const gateway = new FakeGateway();
    const stats = newStats();
    const client = new CalampClient({
      imei: IMEI,
      host: "gateway.test",
      port: 20500,
      stats,
      now: () => T0,
      maxBuffered: 2,
      socket: gateway.socket,
    });
    client.push(sample(0));
    client.tick(T0);
    client.push(sample(1));
    client.push(sample(2));
    expect([client.buffered(), stats.dropped]).toEqual([2, 1]);
    gateway.answer(gateway.replies[0]!);
    expect(gateway.messages.map((m) => m.positions[0]?.ts)).toEqual([0, 2].map((i) => sample(i).timeMs));
    await client.close();
    expect(gateway.closed).toBe(true);
    client.tick(T0 + 60_000);
    expect(gateway.datagrams).toHaveLength(2);
  });
});

describe("CalAmp client over a real UDP socket", () => {
  const sockets: dgram.Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  it("reports to the server's port and takes its ACK from there", async () => {
    const server = dgram.createSocket("udp4");
    sockets.push(server);
    const session = protocols.calamp.createSession();
    const received: DecodedMessage[] = [];
    server.on("message", (datagram, from) => {
      const out = session.push(datagram);
      received.push(...out.messages);
      for (const reply of out.replies) server.send(reply, from.port, from.address);
    });
    await new Promise<void>((resolve) => server.bind(0, "127.0.0.1", resolve));
    const stats = newStats();
    const acked = new Promise<void>((resolve) => {
      const client = new CalampClient({
        imei: IMEI,
        host: "127.0.0.1",
        port: (server.address() as AddressInfo).port,
        stats,
        now: () => T0,
        onEvent: (e) => {
          if (e.type === "acked") void client.close().then(resolve);
        },
      });
      client.push(sample(0));
      client.tick(T0);
    });
    await acked;
    expect(received.map((m) => [m.imei, m.positions[0]?.ts])).toEqual([[IMEI, sample(0).timeMs]]);
    expect([stats.sent, stats.acked]).toEqual([1, 1]);
  });
});
