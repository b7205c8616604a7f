import { describe, expect, it } from "vitest";
import {
  createJt808Session,
  decodeJt808Frame,
  encodeJt808Authenticate,
  encodeJt808Batch,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808Parts,
  encodeJt808Register,
  jt808DeviceId,
  jt808Frame,
} from "./codec.ts";
import { escapeFrame, readJt808, unescapeFrame } from "./frame.ts";

const PHONE = "013511221122";
const fix = {
  timeMs: Date.UTC(2026, 10, 24, 13, 3, 5),
  lat: 22.5431,
  lng: 114.0784,
  altitude: 35,
  speedKmh: 63.4,
  course: 205,
  satellites: 9,
  valid: true,
  ignition: true,
};
const hex = (b: Buffer | null | undefined) => b?.toString("hex") ?? null;

describe("JT/T 808 framing", () => {
  it("escapes 7E and 7D inside a frame and undoes it", () => {
    const content = Buffer.from("02007e7d01", "hex");
    const frame = escapeFrame(content);
    // Check code 02^00^7e^7d^01 = 0x00; 7E → 7D 02, 7D → 7D 01.
    expect(frame.toString("hex")).toBe("7e02007d027d0101007e");
    expect(unescapeFrame(frame.subarray(1, -1)).toString("hex")).toBe("02007e7d0100");
    expect(() => unescapeFrame(Buffer.from("7d03", "hex"))).toThrow(/escape/);
  });

  it("refuses a wrong check code, a body length that disagrees and an encrypted body", () => {
    const good = encodeJt808Heartbeat(PHONE, 1);
    const badCheck = Buffer.from(good);
    badCheck.writeUInt8(badCheck.readUInt8(badCheck.length - 2) ^ 0x01, badCheck.length - 2);
    expect(decodeJt808Frame(badCheck)).toEqual({ ok: false, error: "check code mismatch" });
    // Real frame from Traccar's public test data whose length field says 50 bytes for a 40-byte body.
    const edited = Buffer.from(
      "7E02000032013511221122000700000000000C000301578CC006CA3A5C00470000000014072317201501040000000030011631010BD07E",
      "hex",
    );
    expect(decodeJt808Frame(edited).ok).toBe(false);
    const encrypted = escapeFrame(Buffer.from("000204000135112211220001", "hex"));
    expect(decodeJt808Frame(encrypted)).toEqual({ ok: false, error: "encrypted body" });
  });
});

describe("JT/T 808 messages", () => {
  it("answers register with 0x8100 and the code, the others with 0x8001, numbering its answers", () => {
    const s = createJt808Session();
    const out = s.push(
      Buffer.concat([
        encodeJt808Register(PHONE, 1),
        encodeJt808Authenticate(PHONE, 2, PHONE),
        encodeJt808Heartbeat(PHONE, 3),
        encodeJt808Location(PHONE, 4, fix),
      ]),
    );
    expect(out.error).toBeNull();
    expect(s.imei()).toBe(PHONE);
    expect(out.messages.map((m) => m.kind)).toEqual(["login", "login", "heartbeat", "position"]);
    // 8100: serial 0 of ours; body: their serial 1, result 0, code "013511221122".
    const code = Buffer.from(PHONE, "latin1").toString("hex");
    expect(hex(out.replies[0])).toBe(
      escapeFrame(Buffer.from(`8100000f${PHONE}0000000100${code}`, "hex")).toString("hex"),
    );
    expect(out.replies.slice(1).map(hex)).toEqual(
      [
        ["0001", "0002", "0102"],
        ["0002", "0003", "0002"],
        ["0003", "0004", "0200"],
      ].map(([ours, theirs, id]) =>
        escapeFrame(Buffer.from(`80010005${PHONE}${ours}${theirs}${id}00`, "hex")).toString("hex"),
      ),
    );
    const [p] = out.messages[3]?.positions ?? [];
    expect(p).toMatchObject({ ts: fix.timeMs, alt: 35, spd: 63.4, course: 205, satt: 9, valid: true });
    expect(p?.lat).toBeCloseTo(22.5431, 6);
    expect(p?.attributes).toMatchObject({ ignition: true, odometer: 0 });
  });

  it("writes the time in Beijing time (UTC+8) and reads it back as UTC", () => {
    const frame = encodeJt808Location(PHONE, 1, { ...fix, timeMs: Date.UTC(2026, 0, 31, 20, 0, 0) });
    // 2026-01-31 20:00 UTC is 2026-02-01 04:00 in Beijing.
    expect(frame.toString("hex")).toContain("260201040000");
    const decoded = decodeJt808Frame(frame);
    expect(decoded.ok && decoded.value.positions[0]?.ts).toBe(Date.UTC(2026, 0, 31, 20, 0, 0));
  });

  it("signs southern and western coordinates, maps alarm bits to events, keeps a batch's blind-area records", () => {
    const south = decodeJt808Frame(encodeJt808Location(PHONE, 1, { ...fix, lat: -33.9, lng: -70.6 }, 0x101));
    expect(south.ok && south.value.kind).toBe("alarm");
    const [p] = south.ok ? south.value.positions : [];
    expect([p?.lat, p?.lng, p?.attributes.event, p?.attributes.alarm]).toEqual([-33.9, -70.6, "sos", 0x101]);
    const power = decodeJt808Frame(encodeJt808Location(PHONE, 1, fix, 1 << 8));
    expect(power.ok && power.value.positions[0]?.attributes.event).toBe("powerCut");
    const stored = decodeJt808Frame(encodeJt808Batch(PHONE, 2, [fix, { ...fix, valid: false }], true));
    expect(stored.ok && stored.value.positions.map((q) => [q.valid, q.attributes.archive])).toEqual([
      [true, true],
      [false, true],
    ]);
  });

  it("keeps an unknown message and a sub-packaged part whole as undecoded, answered after", () => {
    const unknown = decodeJt808Frame(jt808Frame(0x0900, PHONE, 7, Buffer.from("f0010203", "hex")));
    expect(unknown.ok && unknown.value.undecoded?.reason).toBe("jt808: message 0x0900 not decoded");
    expect(unknown.ok && hex(unknown.value.ack)).toBe(
      escapeFrame(Buffer.from(`80010005${PHONE}00000007090000`, "hex")).toString("hex"),
    );
    // Sub-packaged (bit 13): total 2, part 1.
    const part = escapeFrame(Buffer.from(`07042004${PHONE}00080002000112345678`, "hex"));
    const decoded = decodeJt808Frame(part);
    expect(decoded.ok && decoded.value.undecoded?.reason).toBe(
      "jt808: part 1 of 2 of message 0x0704 not reassembled",
    );
  });

  it("puts a sub-packaged batch together: earlier parts undecoded, the last read as the whole, every part answered", () => {
    const fixes = [0, 1, 2, 3].map((i) => ({ ...fix, timeMs: fix.timeMs + i * 60_000 }));
    const whole = encodeJt808Batch(PHONE, 1, fixes, true);
    const { body } = readJt808(unescapeFrame(whole.subarray(1, -1)));
    const parts = encodeJt808Parts(0x0704, PHONE, 20, body, 50);
    expect(parts.length).toBeGreaterThan(2);
    const s = createJt808Session();
    // The parts out of order: the message is whole when the last missing one comes.
    const order = [parts[1]!, parts[0]!, ...parts.slice(2)];
    const out = s.push(Buffer.concat(order));
    expect(out.error).toBeNull();
    expect(out.replies).toHaveLength(parts.length);
    const last = out.messages.at(-1);
    expect(
      out.messages.slice(0, -1).every((m) => m.undecoded !== undefined && m.positions.length === 0),
    ).toBe(true);
    expect(last?.undecoded).toBeUndefined();
    expect(last?.positions.map((p) => p.ts)).toEqual(fixes.map((f) => f.timeMs));
    expect(last?.positions.every((p) => p.attributes.archive === true)).toBe(true);
    // The last answer names the last part's serial and the message id.
    const answer = readJt808(unescapeFrame(out.replies.at(-1)!.subarray(1, -1)));
    expect(answer.body.readUInt16BE(0)).toBe(20 + parts.length - 1);
    expect(answer.body.readUInt16BE(2)).toBe(0x0704);
  });

  it("a part whose message never completes stays undecoded; another message's parts do not mix in", () => {
    const { body } = readJt808(unescapeFrame(encodeJt808Location(PHONE, 1, fix).subarray(1, -1)));
    const [first] = encodeJt808Parts(0x0200, PHONE, 5, body, 20);
    const s = createJt808Session();
    const out = s.push(Buffer.concat([first!, encodeJt808Location(PHONE, 9, fix)]));
    expect(out.messages.map((m) => [m.undecoded !== undefined, m.positions.length])).toEqual([
      [true, 0],
      [false, 1],
    ]);
  });

  it("reads the terminal's general response (0x0001) as a command result, unanswered", () => {
    const decoded = decodeJt808Frame(jt808Frame(0x0001, PHONE, 9, Buffer.from("0005830000", "hex")));
    expect(decoded.ok && decoded.value).toMatchObject({
      kind: "commandResult",
      ack: null,
      attributes: { result: "0x8300 #5: success" },
    });
  });

  it("names the device by the 2019 edition's 20-digit phone without its zero padding", () => {
    expect(jt808DeviceId("00000000013511221122")).toBe(PHONE);
    expect(jt808DeviceId(PHONE)).toBe(PHONE);
    // 2019 edition: version flag (bit 14), protocol version 1, 10-byte phone.
    const frame = escapeFrame(Buffer.from(`000240000100000000${PHONE}0001`, "hex"));
    const decoded = decodeJt808Frame(frame);
    expect(decoded.ok && decoded.value).toMatchObject({ kind: "heartbeat", imei: PHONE });
    expect(decoded.ok && hex(decoded.value.ack)).toBe(
      escapeFrame(Buffer.from(`800140050100000000${PHONE}00000001000200`, "hex")).toString("hex"),
    );
  });
});

describe("JT/T 808 session", () => {
  it("frames by the flags however TCP splits, skips a doubled flag, and ends on another device", () => {
    const stream = Buffer.concat([
      encodeJt808Register(PHONE, 1),
      Buffer.from("7e", "hex"),
      encodeJt808Location(PHONE, 2, fix),
      encodeJt808Heartbeat(PHONE, 3),
    ]);
    for (const cut of [1, 2, 20, 60, stream.length - 1]) {
      const s = createJt808Session();
      const outs = [s.push(stream.subarray(0, cut)), s.push(stream.subarray(cut))];
      expect(outs.map((o) => o.error)).toEqual([null, null]);
      expect(outs.flatMap((o) => o.messages.map((m) => m.kind))).toEqual(["login", "position", "heartbeat"]);
      expect(s.buffered()).toBe(0);
    }
    const s = createJt808Session();
    s.push(encodeJt808Heartbeat(PHONE, 1));
    expect(s.push(encodeJt808Heartbeat("013511221123", 2)).error).toMatch(/another device/);
    expect(createJt808Session().push(Buffer.from("2424", "hex")).error).toMatch(/0x7E/);
  });
});
