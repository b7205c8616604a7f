import {
  CODEC_8,
  encodeGt06Command,
  GT06_COMMAND_REPLY,
  GT06_GPS_2,
  GT06_LOGIN,
  GT06_STATUS,
  IO,
} from "@vigia/protocols";
import { afterEach, describe, expect, it } from "vitest";
import type { Sample } from "../motion/types.ts";
import { startSimulation } from "../simulation.ts";
import { type ClientEvent, newStats } from "./common.ts";
import { FakeGt06Server, FakeOsmandServer, FakeTeltonikaServer } from "./fake-servers.ts";
import { Gt06Client } from "./gt06.ts";
import { OsmandClient } from "./osmand.ts";
import { TeltonikaClient } from "./teltonika.ts";
import { TimerWheel } from "./wheel.ts";

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);
const IMEI = "350000000000001";

function sample(i: number, extra: Partial<Sample> = {}): Sample {
  return {
    timeMs: T0 + i * 10_000,
    lat: 40.4168 + i * 1e-4,
    lng: -3.7038 - i * 1e-4,
    altitudeM: 650,
    speedKmh: 30 + i,
    heading: 90,
    satellites: 10,
    ignition: true,
    moving: true,
    odometerM: 1_000_000 + i * 80,
    fuelPct: 60,
    engineSeconds: 7200 + i * 10,
    externalMv: 14000,
    batteryMv: 4100,
    batteryPct: 100,
    charging: true,
    gsm: 4,
    driverId: "01000000ABCDEF12",
    speeding: false,
    events: [],
    ...extra,
  };
}

/** Records client events so a test can wait for one (event-driven, no sleeps). */
class Events {
  readonly list: ClientEvent[] = [];
  private waiters: (() => void)[] = [];
  on = (e: ClientEvent): void => {
    this.list.push(e);
    for (const w of this.waiters.splice(0)) w();
  };
  async until(pred: (list: ClientEvent[]) => boolean): Promise<void> {
    while (!pred(this.list)) await new Promise<void>((r) => this.waiters.push(r));
  }
  count(type: ClientEvent["type"]): number {
    return this.list.filter((e) => e.type === type).length;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("Teltonika client", () => {
  it("keeps unacknowledged records and resends them after reconnecting", async () => {
    const server = await new FakeTeltonikaServer().start();
    cleanups.push(() => server.stop());
    // First packet: connection dropped without ACK. Later packets: ACK everything.
    server.ack = (p, i) => (i === 0 ? "drop" : p.records.length);
    let now = T0;
    const ev = new Events();
    const stats = newStats();
    const client = new TeltonikaClient({
      imei: IMEI,
      host: "127.0.0.1",
      port: server.port,
      stats,
      now: () => now,
      onEvent: ev.on,
    });
    cleanups.push(() => client.close());
    for (let i = 0; i < 3; i++)
      client.push(sample(i, i === 1 ? { events: [{ type: "harshBraking", g: 0.45 }] } : {}));
    client.tick(now);
    await ev.until(() => ev.count("closed") === 1);
    expect(server.handshakes).toEqual([IMEI]);
    expect(server.packets[0]!.records).toHaveLength(3);
    expect(stats.acked).toBe(0);
    expect(client.buffered()).toBe(3);

    client.push(sample(3));
    client.push(sample(4));
    client.tick(now); // still backing off: no connection attempt
    expect(server.handshakes).toHaveLength(1);
    now += 1500;
    client.tick(now);
    await ev.until(() => stats.acked === 5);
    const resent = server.packets[1]!;
    expect(resent.connection).toBe(1);
    expect(resent.records.map((r) => r.timestampMs)).toEqual([0, 1, 2, 3, 4].map((i) => T0 + i * 10_000));
    expect(client.buffered()).toBe(0);
    expect(stats.sent).toBe(8);
    expect(server.errors).toEqual([]);

    // The harsh braking record carries the green-driving pair and the event id.
    const harsh = resent.records[1]!;
    expect(harsh.eventIoId).toBe(IO.greenDrivingType);
    const io = Object.fromEntries(harsh.io.map((e) => [e.id, Number(e.value)]));
    expect(io[IO.greenDrivingType]).toBe(2);
    expect(io[IO.greenDrivingValue]).toBe(45);
    expect(io[IO.ignition]).toBe(1);
    expect(io[IO.totalOdometer]).toBe(1_000_080);
    expect(io[IO.engineSeconds]).toBe(7210);
    expect(harsh.io.find((e) => e.id === IO.iButton)?.value).toBe(0x01000000abcdef12n);
  });

  it("keeps the part of a packet the server did not count, and speaks Codec 8 when asked", async () => {
    const server = await new FakeTeltonikaServer().start();
    cleanups.push(() => server.stop());
    server.ack = (p, i) => (i === 0 ? 2 : p.records.length);
    const ev = new Events();
    const stats = newStats();
    const client = new TeltonikaClient({
      imei: IMEI,
      host: "127.0.0.1",
      port: server.port,
      stats,
      now: () => T0,
      codec: CODEC_8,
      onEvent: ev.on,
    });
    cleanups.push(() => client.close());
    for (let i = 0; i < 5; i++) client.push(sample(i));
    client.tick(T0);
    await ev.until(() => stats.acked === 5);
    expect(server.packets.map((p) => p.records.length)).toEqual([5, 3]);
    expect(server.packets[1]!.records[0]!.timestampMs).toBe(T0 + 2 * 10_000);
    expect(server.packets.every((p) => p.codec === CODEC_8)).toBe(true);
    // Codec 8 cannot carry the 2-byte id 449.
    expect(server.packets[0]!.records[0]!.io.some((e) => e.id === IO.engineSeconds)).toBe(false);
  });
});

describe("GT06 client", () => {
  it("confirms the relay commands the server sends, and restarts on a reset without an answer", async () => {
    const server = await new FakeGt06Server().start();
    cleanups.push(() => server.stop());
    const ev = new Events();
    const client = new Gt06Client({
      imei: IMEI,
      host: "127.0.0.1",
      port: server.port,
      stats: newStats(),
      now: () => T0,
      onEvent: ev.on,
    });
    cleanups.push(() => client.close());
    client.tick(T0);
    await ev.until(() => ev.count("ready") === 1);
    // In order: the reset has been handled once the relay's answer arrives.
    server.send(encodeGt06Command("RESET#", 1, { serverFlag: 8 }));
    server.send(encodeGt06Command("RELAY,1#", 2, { serverFlag: 9 }));
    await server.until(() => server.packets.some((p) => p.protocol === GT06_COMMAND_REPLY));
    const replies = server.packets.filter((p) => p.protocol === GT06_COMMAND_REPLY);
    expect(replies).toHaveLength(1);
    // 0x15 content: command length, server flag, text.
    const content = replies[0]!.content;
    expect(content.readUInt32BE(1)).toBe(9);
    expect(content.toString("latin1", 5, 1 + content.readUInt8(0))).toBe("Cut off the fuel supply: Success!");
  });

  it("logs in, re-uploads what it stored offline, then reports live and sends heartbeats", async () => {
    const server = await new FakeGt06Server().start();
    cleanups.push(() => server.stop());
    let now = T0;
    const ev = new Events();
    const stats = newStats();
    const client = new Gt06Client({
      imei: IMEI,
      host: "127.0.0.1",
      port: server.port,
      stats,
      now: () => now,
      onEvent: ev.on,
    });
    cleanups.push(() => client.close());
    client.push(sample(0));
    client.push(sample(1));
    client.tick(now);
    await ev.until(() => ev.count("ready") === 1);
    client.push(sample(2, { speeding: true, speedKmh: 58, speedLimitKmh: 50 }));
    await server.until(() => server.packets.filter((p) => p.protocol === GT06_GPS_2).length === 3);
    const login = server.packets[0]!;
    expect(login.protocol).toBe(GT06_LOGIN);
    expect(login.content.toString("hex")).toBe(`0${IMEI}`);
    const locations = server.packets.filter((p) => p.protocol === GT06_GPS_2);
    // Content: ... ACC at 26, upload mode 27, re-upload 28, mileage 29..32.
    expect(locations.map((p) => p.content[28])).toEqual([1, 1, 0]);
    expect(locations.map((p) => p.content[26])).toEqual([1, 1, 1]);
    expect(locations[2]!.content.readUInt32BE(29)).toBe(1_000_160);
    // The serial number increases packet by packet.
    const serials = server.packets.map((p) => p.serial);
    expect(serials).toEqual([...serials].sort((a, b) => a - b));
    // Over the limit: an overspeed alarm (0x26, code 0x06), which the server acknowledges.
    await ev.until(() => stats.acked === 1);
    const alarm = server.packets.find((p) => p.protocol === 0x26)!;
    expect(alarm.content[alarm.content.length - 2]).toBe(0x06);

    now += 180_000;
    client.tick(now);
    await ev.until(() => ev.count("reply") === 1);
    // Terminal info: GPS tracking | charging | ACC on.
    expect(server.packets.find((p) => p.protocol === GT06_STATUS)!.content[0]).toBe(0x46);

    // A heartbeat left unanswered until the next one is due drops the link.
    server.answerHeartbeats = false;
    now += 180_000;
    client.tick(now);
    await server.until(() => server.packets.filter((p) => p.protocol === GT06_STATUS).length === 2);
    now += 180_000;
    client.tick(now);
    await ev.until(() => ev.count("closed") === 1);
    expect(server.errors).toEqual([]);
  });
});

describe("OsmAnd client", () => {
  it("keeps a fix until the server answers 200", async () => {
    const server = await new FakeOsmandServer().start();
    cleanups.push(() => server.stop());
    server.status = (i) => (i === 0 ? 503 : 200);
    let now = T0;
    const ev = new Events();
    const stats = newStats();
    const client = new OsmandClient({
      imei: IMEI,
      host: "127.0.0.1",
      port: server.port,
      stats,
      now: () => now,
      onEvent: ev.on,
    });
    cleanups.push(() => client.close());
    client.push(sample(0, { speedKmh: 5.556 }));
    client.push(sample(1));
    client.tick(now);
    await ev.until(() => ev.count("closed") === 1);
    client.tick(now); // backing off
    expect(server.requests).toHaveLength(1);
    now += 1500;
    client.tick(now);
    await ev.until(() => stats.acked === 2);
    expect(server.requests.map((q) => q.get("timestamp"))).toEqual(
      [0, 0, 1].map((i) => String((T0 + i * 10_000) / 1000)),
    );
    expect(server.requests[1]!.get("speed")).toBe("3.00");
    expect(server.requests[1]!.get("id")).toBe(IMEI);
    expect(server.errors).toEqual([]);
  });
});

describe("timer wheel", () => {
  it("runs each task once per period, spread over the slots, and catches up at most one turn", () => {
    let now = 0;
    const wheel = new TimerWheel(1000, 100, () => now);
    const runs: number[][] = Array.from({ length: 25 }, () => []);
    runs.forEach((r) => {
      wheel.add((t) => r.push(t));
    });
    for (let i = 0; i < 30; i++) {
      now += 100;
      wheel.tick();
    }
    for (const r of runs) expect(r).toHaveLength(3);
    const firstRuns = new Set(runs.map((r) => r[0]));
    expect(firstRuns.size).toBe(10);
    now += 10_000; // a long stall
    wheel.tick();
    for (const r of runs) expect(r).toHaveLength(4);
  });
});

describe("startSimulation", () => {
  it("drives a mixed fleet against all three servers", async () => {
    const [tel, gt, osm] = await Promise.all([
      new FakeTeltonikaServer().start(),
      new FakeGt06Server().start(),
      new FakeOsmandServer().start(),
    ]);
    cleanups.push(() => Promise.all([tel.stop(), gt.stop(), osm.stop()]).then(() => undefined));
    let now = T0;
    const sim = startSimulation(
      [
        { imei: "350000000000011", protocol: "teltonika", kind: "vehicle" },
        { imei: "350000000000013", protocol: "teltonika", kind: "asset" },
        { imei: "350000000000021", protocol: "gt06", kind: "vehicle" },
        { imei: "350000000000031", protocol: "osmand", kind: "person" },
      ],
      {
        host: "127.0.0.1",
        ports: { teltonika: tel.port, gt06: gt.port, osmand: osm.port },
        intervalS: 1,
        seed: 1,
        center: { lat: 41.3874, lng: 2.1686 },
        clock: () => now,
        manual: true,
      },
    );
    cleanups.push(() => sim.stop());
    for (let i = 0; i < 5; i++) {
      now += 1000;
      sim.tick();
      await Promise.all([
        tel.until(() => tel.packets.length >= 2 * (i + 1) - 1),
        gt.until(() => gt.packets.some((p) => p.protocol === GT06_LOGIN)),
        osm.until(() => osm.requests.length >= i + 1),
      ]);
    }
    await tel.until(() => tel.packets.reduce((n, p) => n + p.records.length, 0) >= 10);
    expect(new Set(tel.handshakes)).toEqual(new Set(["350000000000011", "350000000000013"]));
    // IMEI ending in 3: Codec 8; otherwise Codec 8E.
    expect(new Set(tel.packets.map((p) => `${p.imei}:${p.codec}`))).toEqual(
      new Set(["350000000000011:142", "350000000000013:8"]),
    );
    const lat = tel.packets[0]!.records[0]!.lat;
    expect(Math.abs(lat - 41.3874)).toBeLessThan(0.05);
    expect(osm.requests[0]!.get("id")).toBe("350000000000031");
    expect([tel.errors, gt.errors, osm.errors]).toEqual([[], [], []]);
    expect(sim.stats().sent).toBeGreaterThanOrEqual(10);
  });
});
