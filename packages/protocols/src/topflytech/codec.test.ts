import { describe, expect, it } from "vitest";
import {
  createTopflytechSession,
  decodeTopflytechPacket,
  encodeTopflytechHeartbeat,
  encodeTopflytechLocation,
  encodeTopflytechLogin,
  topflytechPacket,
} from "./codec.ts";

const IMEI = "880616898888888";
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
  odometerM: 10133,
  batteryPct: 87,
  powerV: 12.63,
};

/** A 0x2525 location payload laid out by hand at the documented offsets (not through the encoder). */
function handPayload(): Buffer {
  const hex = [
    "001e",
    "012c",
    "1e",
    "01f4", // ACC-on 30 s, ACC-off 300 s, angle 30, distance 500
    "0019", // GSM 25
    "49", // status: 9 satellites, GPS block follows, fix valid
    "00",
    "00",
    "00",
    "00",
    "0000", // G-sensor, flags, heartbeat, relay, drag
    "4000", // IO: ignition
    "1234",
    "ffff", // adc1 12.34 V, adc2 none
    "03",
    "00", // alarm 3 (SOS), reserved
    "00002795", // mileage 10133 m
    "87", // battery 87 %
    "261124130305", // 2026-11-24 13:03:05 UTC
  ].join("");
  const floats = Buffer.alloc(12);
  floats.writeFloatLE(35, 0);
  floats.writeFloatLE(-3.7, 4);
  floats.writeFloatLE(40.41, 8);
  return Buffer.concat([Buffer.from(hex, "hex"), floats, Buffer.from("0634" + "00cd" + "1263", "hex")]);
}

describe("Topflytech packets", () => {
  it("a log-in is answered with header, type, length 15, serial and IMEI", () => {
    const login = encodeTopflytechLogin(IMEI, 1);
    expect(login.toString("hex")).toBe("252501000f00010880616898888888");
    const decoded = decodeTopflytechPacket(login);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value).toMatchObject({ kind: "login", imei: IMEI });
    expect(decoded.value.ack?.toString("hex")).toBe("252501000f00010880616898888888");
  });

  it("reads a hand-built 0x2525 alarm packet field by field; its answer carries the alarm code", () => {
    const packet = topflytechPacket(0x2525, 0x04, 7, IMEI, handPayload());
    const decoded = decodeTopflytechPacket(packet);
    if (!decoded.ok) throw new Error(decoded.error);
    const m = decoded.value;
    expect(m.kind).toBe("alarm");
    expect(m.positions).toHaveLength(1);
    const p = m.positions[0]!;
    expect(p.ts).toBe(Date.UTC(2026, 10, 24, 13, 3, 5));
    expect(p.lat).toBeCloseTo(40.41, 5);
    expect(p.lng).toBeCloseTo(-3.7, 5);
    expect(p).toMatchObject({ alt: 35, spd: 63.4, course: 205, satt: 9, valid: true, src: 1 });
    expect(p.attributes).toMatchObject({
      event: "sos",
      alarm: 3,
      ignition: true,
      adc1: 12.34,
      odometer: 10133,
      batteryLevel: 87,
      power: 12.63,
      rssi: 25,
      index: 7,
    });
    expect(p.attributes.adc2).toBeUndefined();
    expect(m.ack?.toString("hex")).toBe("252504001000070880616898888888" + "03");
  });

  it("without a GPS block the packet carries the date and the cells, and no position", () => {
    const payload = handPayload();
    payload.writeUInt8(0x05, 9); // status: 5 satellites, no GPS block
    const cells = Buffer.alloc(16);
    cells.writeUInt16LE(214, 0);
    cells.writeUInt16LE(7, 2);
    cells.writeUInt16LE(0x2b0b, 4);
    cells.writeUInt16LE(0x5e6f, 6);
    const packet = topflytechPacket(0x2525, 0x02, 8, IMEI, Buffer.concat([payload.subarray(0, 35), cells]));
    const decoded = decodeTopflytechPacket(packet);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value.kind).toBe("alarm"); // alarm code 3 in a location packet is still SOS
    expect(decoded.value.positions).toEqual([]);
    expect(decoded.value.cells).toEqual([{ mcc: 214, mnc: 7, lac: 0x2b0b, cid: 0x5e6f, rssi: null }]);
    expect(decoded.value.ts).toBe(Date.UTC(2026, 10, 24, 13, 3, 5));
    expect(decoded.value.ack?.length).toBe(15);
  });

  it("the encoder's location decodes back to its fix", () => {
    const decoded = decodeTopflytechPacket(encodeTopflytechLocation(IMEI, 3, fix));
    if (!decoded.ok) throw new Error(decoded.error);
    const p = decoded.value.positions[0]!;
    expect(decoded.value.kind).toBe("position");
    expect(p.lat).toBeCloseTo(fix.lat, 4);
    expect(p.lng).toBeCloseTo(fix.lng, 4);
    expect(p).toMatchObject({ ts: fix.timeMs, spd: 63.4, course: 205, satt: 9, valid: true });
    expect(p.attributes).toMatchObject({ ignition: true, odometer: 10133, batteryLevel: 87, power: 12.63 });
  });

  it.each([
    ["a wrong length", (b: Buffer) => b.writeUInt16BE(b.length + 1, 3), /length mismatch/],
    ["a non-BCD IMEI", (b: Buffer) => b.writeUInt8(0xab, 8), /bad IMEI/],
    ["a bad date", (b: Buffer) => b.writeUInt8(0x13, 15 + 29 + 1), /bad date/],
  ])("%s is refused", (_name, corrupt, error) => {
    const packet = encodeTopflytechLocation(IMEI, 3, fix);
    corrupt(packet);
    const decoded = decodeTopflytechPacket(packet);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.error).toMatch(error);
  });
});

describe("Topflytech session", () => {
  it("frames by the length field however TCP splits, answers each packet, and ends on another device", () => {
    const stream = Buffer.concat([
      encodeTopflytechLogin(IMEI, 1),
      encodeTopflytechLocation(IMEI, 2, fix),
      encodeTopflytechHeartbeat(IMEI, 3),
    ]);
    for (const cut of [1, 4, 15, 40, stream.length - 1]) {
      const s = createTopflytechSession();
      const outs = [s.push(stream.subarray(0, cut)), s.push(stream.subarray(cut))];
      expect(outs.map((o) => o.error)).toEqual([null, null]);
      expect(outs.flatMap((o) => o.messages.map((m) => m.kind))).toEqual(["login", "position", "heartbeat"]);
      expect(outs.flatMap((o) => o.replies)).toHaveLength(3);
      expect(s.buffered()).toBe(0);
    }
    const s = createTopflytechSession();
    s.push(encodeTopflytechLogin(IMEI, 1));
    expect(s.push(encodeTopflytechLogin("880616898888889", 2)).error).toMatch(/another device/);
    expect(createTopflytechSession().push(Buffer.from("2424", "hex")).error).toMatch(/bad header/);
  });
});

describe("Topflytech packets without a position", () => {
  // Real packets from Traccar's public test data (T800xProtocolDecoderTest.java); the fields were read by hand.
  it("reads the network packet (0x05): operator in UTF-16, access technology, band, IMSI and ICCID", () => {
    const packet = Buffer.from(
      "272705005e000108664250328807851905301107481054002d004d006f00620069006c006500074341542d4e42310a4c54452042414e4420340f333130323430323030303032333030143839303132343032303531303030323330303746",
      "hex",
    );
    const decoded = decodeTopflytechPacket(packet);
    expect(decoded.ok && decoded.value).toMatchObject({
      kind: "heartbeat",
      imei: "866425032880785",
      ts: Date.UTC(2019, 4, 30, 11, 7, 48),
      attributes: {
        operator: "T-Mobile",
        networkType: "CAT-NB1",
        band: "LTE BAND 4",
        imsi: "310240200002300",
        iccid: "8901240205100023007F",
      },
      positions: [],
    });
    expect(decoded.ok && decoded.value.ack?.toString("hex")).toBe("272705000f00010866425032880785");
  });

  it("refuses a network packet whose fields run past its end", () => {
    const packet = Buffer.from("272705001c00010866425032880785190530110748104d006f00", "hex");
    expect(decodeTopflytechPacket(packet).ok).toBe(false);
  });

  it("reads a setting answer (0x81) as the command's result, not answered", () => {
    const text =
      "IMEI:866425032895916,SET VERSION OK,Version:Basic:V1.0.0,APP:V4.2.3,BUILD:2019-03-30,08:05,PLT:2503AVE,HW:V2.1,MODEL:,MODEM:B9G6MAR02A07M1G#";
    const packet = Buffer.from(
      "2525810128000108664250328959160149004d00450049003a003800360036003400320035003000330032003800390035003900310036002c005300450054002000560045005200530049004f004e0020004f004b002c00560065007200730069006f006e003a00420061007300690063003a00560031002e0030002e0030002c004100500050003a00560034002e0032002e0033002c004200550049004c0044003a0032003000310039002d00300033002d00330030002c00300038003a00300035002c0050004c0054003a0032003500300033004100560045002c00480057003a00560032002e0031002c004d004f00440045004c003a002c004d004f00440045004d003a0042003900470036004d0041005200300032004100300037004d00310047002300",
      "hex",
    );
    const decoded = decodeTopflytechPacket(packet);
    expect(decoded.ok && decoded.value).toMatchObject({
      kind: "commandResult",
      imei: "866425032895916",
      ack: null,
      attributes: { result: text },
    });
  });

  it("reads the T8803 (0x2323) location as the 0x2525 one, keeps its IO word raw and does not answer it", () => {
    const packet = Buffer.from(
      "232302004200150357367031063979003c03842307d000004a0000050100004001009500940000000285ab001510281350477f710d4452819342d1ba944101160038",
      "hex",
    );
    const decoded = decodeTopflytechPacket(packet);
    expect(decoded.ok && decoded.value).toMatchObject({ kind: "position", ack: null });
    const [p] = decoded.ok ? decoded.value.positions : [];
    expect(p).toMatchObject({ ts: Date.UTC(2015, 9, 28, 13, 50, 47), satt: 10, spd: 11.6, course: 56 });
    expect(p?.attributes).toMatchObject({ io: 0x4001, odometer: 165291, adc1: 0.95, adc2: 0.94 });
    expect(p?.attributes.ignition).toBeUndefined();
  });
});
