import type { ServerMessage } from "@vigia/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffMs, LiveBuffer, parseFrame } from "./buffer.ts";
import { LiveChannel, type SocketLike, stickySlot, type WorkerEvent } from "./channel.ts";

const pos = (type: "vPos" | "aPos" | "pPos", id: number, lat: number): ServerMessage => ({
  type,
  data: {
    id,
    pos: { ts: 1, receivedTs: 1, lat, lng: 0, alt: 0, spd: 0, course: 0, satt: 0, valid: true, src: 1 },
    motion: "moving",
    ignition: true,
    since: null,
  },
});
const sensor = (id: number): ServerMessage => ({ type: "vSensor", data: { id, sensors: { t: id } } });

describe("LiveBuffer", () => {
  it.each([
    ["keeps only the newest position per item", [pos("vPos", 1, 1), pos("vPos", 1, 2)], 1],
    ["keeps positions of different items", [pos("vPos", 1, 1), pos("vPos", 2, 2)], 2],
    ["keeps same id of different kinds apart", [pos("vPos", 1, 1), pos("aPos", 1, 2)], 2],
    ["never coalesces sensors", [sensor(1), sensor(1)], 2],
  ])("%s", (_name, messages, expected) => {
    const buffer = new LiveBuffer();
    for (const m of messages) buffer.push(m);
    expect(buffer.drain()).toHaveLength(expected);
  });

  it("moves a coalesced position to the end with its latest value", () => {
    const buffer = new LiveBuffer();
    buffer.push(pos("vPos", 1, 1));
    buffer.push(pos("vPos", 2, 5));
    buffer.push(pos("vPos", 1, 9));
    const out = buffer.drain();
    expect(out).toEqual([pos("vPos", 2, 5), pos("vPos", 1, 9)]);
  });

  it("drops the oldest beyond the limit and counts them", () => {
    const buffer = new LiveBuffer(3);
    for (let i = 1; i <= 5; i++) buffer.push(pos("vPos", i, i));
    expect(buffer.drain()).toEqual([pos("vPos", 3, 3), pos("vPos", 4, 4), pos("vPos", 5, 5)]);
    expect(buffer.dropped).toBe(2);
    expect(buffer.size).toBe(0);
  });

  it("holds at most 5000 by default", () => {
    const buffer = new LiveBuffer();
    for (let i = 0; i < 6000; i++) buffer.push(sensor(i));
    expect(buffer.size).toBe(5000);
  });
});

describe("parseFrame", () => {
  const good = JSON.stringify(pos("vPos", 1, 1));
  it.each([
    ["one good message", good, 1, []],
    ["an array of good ones", `[${good},${JSON.stringify(sensor(2))}]`, 2, []],
    ["a message without data", '{"type":"vPos"}', 0, ["vPos data invalid_type"]],
    ["an unknown type", '{"type":"vTeleport","data":{"id":1}}', 0, ["vTeleport type invalid_union"]],
    [
      "a bad one among good ones",
      `[${good},{"type":"vPos","data":{"id":"1"}},{"nope":1},3]`,
      1,
      ["vPos data.id invalid_type", "null type invalid_union", "null message invalid_type"],
    ],
    ["not json", "not json", 0, ["null frame invalid_json"]],
  ])("%s", (_name, text, count, rejected) => {
    const frame = parseFrame(text);
    expect(frame.messages).toHaveLength(count);
    expect(frame.rejected.map((r) => `${r.type} ${r.field} ${r.issue}`)).toEqual(rejected);
  });

  it("passes good messages on as they were sent", () => {
    const sent = [pos("aPos", 4, 2), { type: "alert", data: { text: "hi" } }];
    expect(parseFrame(JSON.stringify(sent)).messages).toEqual(sent);
  });
});

describe("backoffMs", () => {
  it.each([
    [0, 0, 1000],
    [1, 0, 2000],
    [3, 0, 8000],
    [10, 0, 30000],
    [0, 1, 1200],
  ])("attempt %i random %d → %i", (attempt, random, ms) => expect(backoffMs(attempt, random)).toBe(ms));
});

describe("stickySlot", () => {
  it.each([
    ["mapGroupsSelected", "groups"],
    ["inVehicle", "selection"],
    ["outPerson", "selection"],
    ["sensorTableOff", "sensorTable"],
    ["vTrack", null],
    ["bindCompany", null],
  ] as const)("%s → %s", (type, slot) => {
    expect(stickySlot({ type, data: { id: 1, ids: [] } } as never)).toBe(slot);
  });
});

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { type: string; data?: unknown }[] = [];
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.call(this, new Event("open"));
  }
  receive(payload: unknown): void {
    this.onmessage?.call(this, new MessageEvent("message", { data: JSON.stringify(payload) }));
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.call(this, new CloseEvent("close"));
  }
  types(): string[] {
    return this.sent.map((m) => m.type);
  }
}

describe("LiveChannel", () => {
  let sockets: FakeSocket[];
  let events: WorkerEvent[];
  let warnings: { text: string; count: number }[];
  let channel: LiveChannel;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    events = [];
    warnings = [];
    channel = new LiveChannel({
      connect: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      post: (e) => events.push(e),
      timers: {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as number),
        setInterval: (fn, ms) => setInterval(fn, ms),
        clearInterval: (h) => clearInterval(h as number),
      },
      random: () => 0,
      warn: (text, rejected) => warnings.push({ text, count: rejected.count }),
    });
    channel.handle({ cmd: "start", url: "ws://x/fr/ws/", accessToken: "T1", companyId: 7, visible: true });
  });
  afterEach(() => vi.useRealTimers());

  it("initializes with the token, then binds the company", () => {
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([
      { type: "initialize", data: { accessToken: "T1" } },
      { type: "bindCompany", data: { id: 7 } },
    ]);
  });

  it("forwards a refreshed token", () => {
    sockets[0]!.open();
    channel.handle({ cmd: "token", accessToken: "T2" });
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: "accessToken", data: { accessToken: "T2" } });
  });

  it("posts other messages at once and high-frequency ones as one batch per second", () => {
    const socket = sockets[0]!;
    socket.open();
    socket.receive([
      pos("vPos", 1, 1),
      { type: "alert", data: { text: "hi" } },
      pos("vPos", 1, 2),
      sensor(3),
    ]);
    expect(events.filter((e) => e.kind === "message")).toHaveLength(1);
    expect(events.some((e) => e.kind === "batch")).toBe(false);
    vi.advanceTimersByTime(999);
    expect(events.some((e) => e.kind === "batch")).toBe(false);
    vi.advanceTimersByTime(1);
    const batch = events.find((e) => e.kind === "batch");
    expect(batch?.kind === "batch" && batch.messages.map((m) => m.type)).toEqual(["vPos", "vSensor"]);
    vi.advanceTimersByTime(5000);
    expect(events.filter((e) => e.kind === "batch")).toHaveLength(1);
  });

  it("drops a malformed message, counts and reports it, and passes the good ones of the frame", () => {
    const socket = sockets[0]!;
    socket.open();
    socket.receive([
      pos("vPos", 1, 1),
      { type: "vPos", data: { id: 2, pos: { lat: 1 } } },
      { type: "alert", data: {} },
      { type: "alert", data: { text: "hi" } },
    ]);
    expect(events.filter((e) => e.kind === "message")).toEqual([
      { kind: "message", message: { type: "alert", data: { text: "hi" } } },
    ]);
    vi.advanceTimersByTime(1000);
    const batch = events.find((e) => e.kind === "batch");
    expect(batch).toEqual({ kind: "batch", messages: [pos("vPos", 1, 1)], dropped: 0, rejected: 2 });
    expect(channel.rejected).toBe(2);
    expect(warnings).toEqual([
      { text: "live: dropped a malformed vPos message", count: 1 },
      { text: "live: dropped a malformed alert message", count: 1 },
    ]);
  });

  it("reports a type that keeps failing once per thousand, not once per message", () => {
    const socket = sockets[0]!;
    socket.open();
    socket.receive(Array.from({ length: 2500 }, () => ({ type: "vPos", data: null })));
    expect(channel.rejected).toBe(2500);
    expect(warnings.map((w) => w.count)).toEqual([1, 1000, 2000]);
  });

  it("closes the company when hidden and rebinds with standing requests when visible", () => {
    const socket = sockets[0]!;
    socket.open();
    channel.handle({ cmd: "send", message: { type: "mapGroupsSelected", data: { ids: [2] } } });
    channel.handle({ cmd: "send", message: { type: "inVehicle", data: { id: 5 } } });
    socket.sent = [];
    channel.handle({ cmd: "visible", visible: false });
    expect(socket.types()).toEqual(["closeCompany"]);
    channel.handle({ cmd: "visible", visible: true });
    expect(socket.types()).toEqual(["closeCompany", "bindCompany", "mapGroupsSelected", "inVehicle"]);
  });

  it("forgets a selection once released", () => {
    const socket = sockets[0]!;
    socket.open();
    channel.handle({ cmd: "send", message: { type: "inVehicle", data: { id: 5 } } });
    channel.handle({ cmd: "send", message: { type: "outVehicle", data: { id: 5 } } });
    socket.drop();
    vi.advanceTimersByTime(1000);
    sockets[1]!.open();
    expect(sockets[1]!.types()).toEqual(["initialize", "bindCompany"]);
  });

  it("reconnects with growing delays and reports the status", () => {
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(events.at(-1)).toEqual({ kind: "status", connected: false });
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it("stops for good: closes the company and never reconnects", () => {
    const socket = sockets[0]!;
    socket.open();
    channel.handle({ cmd: "stop" });
    expect(socket.types().at(-1)).toBe("closeCompany");
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
