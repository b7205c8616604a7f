import { describe, expect, it } from "vitest";
import { decodeForCli } from "../registry.ts";
import {
  calampAck,
  createCalampSession,
  decodeCalampAck,
  decodeCalampMessage,
  encodeCalampEvent,
  encodeCalampMiniEvent,
} from "./codec.ts";
import { CALAMP_DATAGRAMS, CALAMP_ID } from "./fixtures.ts";

const FIX = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 40.4168,
  lng: -3.7038,
  altitude: 650.5,
  speedKmh: 54,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
};

describe("CalAmp LM Direct", () => {
  it("decodes an acknowledged event report: fix, units, inputs, accumulators and its ACK", () => {
    const res = decodeCalampMessage(
      encodeCalampEvent(CALAMP_ID, 0x1234, FIX, { event: 6, accumulators: [9, 8] }),
    );
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const m = res.value;
    expect(m.kind).toBe("position");
    expect(m.imei).toBe(CALAMP_ID);
    expect(m.ack?.toString("hex")).toBe("02011234020000000000");
    const p = m.positions[0]!;
    expect(p.ts).toBe(FIX.timeMs);
    expect(p.lat).toBeCloseTo(40.4168, 6);
    expect(p.lng).toBeCloseTo(-3.7038, 6);
    expect(p.alt).toBeCloseTo(650.5, 2);
    expect(p.spd).toBeCloseTo(54, 1); // cm/s on the wire
    expect([p.course, p.satt, p.valid, p.src]).toEqual([90, 9, true, 1]);
    expect(p.attributes).toMatchObject({
      ignition: true,
      eventCode: 6,
      hdop: 0.9,
      rssi: -70,
      acc0: 9,
      acc1: 8,
    });
  });

  it("decodes a mini event report (speed km/h, satellites in the low nibble)", () => {
    const res = decodeCalampMessage(
      encodeCalampMiniEvent(CALAMP_ID, 7, { ...FIX, lat: -33.45, lng: -70.66 }),
    );
    expect(res.ok && res.value.ack?.toString("hex")).toBe("020100070a0000000000");
    const p = res.ok ? res.value.positions[0] : undefined;
    expect(p && [p.lat, p.lng, p.spd, p.course, p.satt, p.valid]).toEqual([-33.45, -70.66, 54, 90, 9, true]);
  });

  it("marks an invalid fix as not valid, without the GPS source", () => {
    const res = decodeCalampMessage(encodeCalampEvent(CALAMP_ID, 1, { ...FIX, valid: false }));
    const p = res.ok ? res.value.positions[0] : undefined;
    expect([p?.valid, p?.src]).toEqual([false, 2]);
  });

  it("marks a historic (stored) fix as archive", () => {
    const res = decodeCalampMessage(encodeCalampEvent(CALAMP_ID, 1, FIX, { historic: true }));
    const p = res.ok ? res.value.positions[0] : undefined;
    expect([p?.valid, p?.attributes.archive]).toEqual([true, true]);
  });

  it("reads a locate report (type 8, the event report's layout) and answers it with its type", () => {
    // No captured locate report was available: an event report with its message type byte set to 8.
    const event = encodeCalampEvent(CALAMP_ID, 7, FIX, { event: 3 });
    const at = event.indexOf(Buffer.from([0x01, 0x02, 0x00, 0x07]));
    const locate = Buffer.from(event);
    locate.writeUInt8(8, at + 1);
    const res = decodeCalampMessage(locate);
    expect(res.ok && res.value.kind).toBe("position");
    expect(res.ok && res.value.positions[0]?.ts).toBe(FIX.timeMs);
    expect(res.ok && res.value.ack?.toString("hex")).toBe(calampAck(7, 8).toString("hex"));
  });

  it("answers only acknowledged requests", () => {
    const res = decodeCalampMessage(encodeCalampEvent(CALAMP_ID, 1, FIX, { acknowledged: false }));
    expect(res.ok && res.value.ack).toBeNull();
    expect(calampAck(0xffff, 2).toString("hex")).toBe("0201ffff020000000000");
  });

  it.each([
    ["an empty datagram", ""],
    ["a bad service type", "0302000100"],
    ["a truncated event report", encodeCalampEvent(CALAMP_ID, 1, FIX).subarray(0, 30).toString("hex")],
    ["an options header longer than the datagram", "8105123456"],
    [
      "a latitude beyond 90°",
      (() => {
        const b = encodeCalampEvent(CALAMP_ID, 1, FIX);
        b.writeInt32BE(950_000_000, 12 + 4 + 8); // options header, message header, two times
        return b.toString("hex");
      })(),
    ],
  ])("rejects %s", (_name, hex) => {
    expect(decodeCalampMessage(Buffer.from(hex, "hex")).ok).toBe(false);
  });

  it("a session takes each push as one datagram, answers it, and refuses another device's", () => {
    const s = createCalampSession();
    const out = s.push(CALAMP_DATAGRAMS[0]!);
    expect(out.messages).toHaveLength(1);
    expect(out.replies).toHaveLength(1);
    expect(s.imei()).toBe(CALAMP_ID);
    expect(s.push(CALAMP_DATAGRAMS[2]!).replies).toEqual([]);
    expect(s.push(encodeCalampEvent("352398080000999", 1, FIX)).error).toBe("message of another device");
    expect(s.push(CALAMP_DATAGRAMS[0]!).messages).toEqual([]); // errors are sticky
  });

  it("a datagram without a mobile ID is refused unless anonymous", () => {
    const bare = encodeCalampEvent(CALAMP_ID, 1, FIX).subarray(12); // options header: 0x83, 8 + ID, 1 + type
    expect(createCalampSession().push(bare).error).toBe("message without a mobile ID");
    expect(createCalampSession({ allowAnonymous: true }).push(bare).messages).toHaveLength(1);
  });

  // One codec both ways: what the simulator's units encode is what the gateway decodes, field for field.
  it.each([
    ["Madrid, driving east, ignition on", FIX, {}],
    [
      "Santiago (south and west), standing, ignition off",
      { ...FIX, lat: -33.4489, lng: -70.6693, speedKmh: 0, course: 0, satellites: 4, ignition: false },
      {},
    ],
    [
      "Sydney (south and east), course 359°, altitude below sea level",
      { ...FIX, lat: -33.8688, lng: 151.2093, course: 359, altitude: -12.25 },
      {},
    ],
    ["a historic fix, event 12, not acknowledged", FIX, { historic: true, event: 12, acknowledged: false }],
    ["an invalid fix", { ...FIX, valid: false, satellites: 2 }, {}],
    ["accumulators", FIX, { accumulators: [0, 1_234_567, 0xffffffff] }],
  ] as const)("event report round trip: %s", (_name, fix, options) => {
    const sequence = 0xbeef;
    const res = decodeCalampMessage(encodeCalampEvent(CALAMP_ID, sequence, fix, options));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const m = res.value;
    expect([m.kind, m.imei, m.attributes.sequence, m.attributes.type]).toEqual([
      "position",
      CALAMP_ID,
      sequence,
      2,
    ]);
    const acknowledged = !("acknowledged" in options) || options.acknowledged !== false;
    expect(m.ack).toEqual(acknowledged ? calampAck(sequence, 2) : null);
    const p = m.positions[0]!;
    expect(m.positions).toHaveLength(1);
    expect(p.ts).toBe(fix.timeMs);
    expect(p.lat).toBeCloseTo(fix.lat, 7);
    expect(p.lng).toBeCloseTo(fix.lng, 7);
    expect(p.alt).toBeCloseTo(fix.altitude, 2);
    expect(p.spd).toBeCloseTo(fix.speedKmh, 1);
    expect([p.course, p.satt, p.valid]).toEqual([fix.course, fix.satellites, fix.valid]);
    expect(p.attributes.ignition).toBe(fix.ignition);
    expect(p.attributes.eventCode).toBe("event" in options ? options.event : 0);
    expect(p.attributes.archive).toBe("historic" in options ? true : undefined);
    const accs = "accumulators" in options ? options.accumulators : [];
    expect(accs.map((_, i) => p.attributes[`acc${i}`])).toEqual(accs);
  });

  it.each([
    [0, 2],
    [1, 10],
    [0xffff, 0],
  ])("the ACK of sequence %i, type %i reads back as the unit sees it", (sequence, type) => {
    expect(decodeCalampAck(calampAck(sequence, type))).toEqual({ sequence, type, accepted: true });
  });

  it.each([
    ["an event report", encodeCalampEvent(CALAMP_ID, 1, FIX)],
    ["an empty datagram", Buffer.alloc(0)],
    ["a truncated ACK", calampAck(1, 2).subarray(0, 4)],
    ["a request (service type 1) of type 1", Buffer.from("01010001020000000000", "hex")],
  ])("is no ACK: %s", (_name, datagram) => {
    expect(decodeCalampAck(datagram)).toBeNull();
  });

  it("reads a NAK as not accepted, and an ACK behind an options header", () => {
    const nak = calampAck(5, 2);
    nak.writeUInt8(1, 5);
    expect(decodeCalampAck(nak)).toEqual({ sequence: 5, type: 2, accepted: false });
    const withOptions = Buffer.concat([Buffer.from("830212340102", "hex"), calampAck(6, 2)]);
    expect(decodeCalampAck(withOptions)).toEqual({ sequence: 6, type: 2, accepted: true });
  });

  it("vigia decode calamp <hex> prints the positions and the ACK", () => {
    const out = decodeForCli("calamp", CALAMP_DATAGRAMS[0]!.toString("hex"));
    expect(out).toMatchObject({ protocol: "calamp", imei: CALAMP_ID, ack: "02010001020000000000" });
    expect(out.positions).toHaveLength(1);
    expect(out.error).toBeUndefined();
  });
});
