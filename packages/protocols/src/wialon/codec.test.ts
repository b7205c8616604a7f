import { describe, expect, it } from "vitest";
import { crc16Ibm } from "../shared/crc.ts";
import { stampReceptionTime } from "../shared/reception-time.ts";
import {
  createWialonSession,
  encodeWialonBlackBox,
  encodeWialonData,
  encodeWialonLogin,
  encodeWialonPing,
  encodeWialonShort,
} from "./codec.ts";

const T = Date.UTC(2024, 6, 4, 10, 20, 30);
const fix = { timeMs: T, lat: 55.7558, lng: 37.6173, speedKmh: 61, course: 45, altitude: 150, satellites: 9 };
const replies = (out: { replies: Buffer[] }) => out.replies.map(String);

describe("Wialon IPS 1.1", () => {
  it("answers login, data, short data, black box and ping", () => {
    const s = createWialonSession();
    const out = s.push(
      Buffer.concat([
        encodeWialonLogin("353976013445485", "NA", "1.1"),
        encodeWialonData(
          fix,
          {
            hdop: 0.9,
            inputs: 5,
            outputs: 1,
            ibutton: "00000A1B2C3D",
            params: { SOS: 1, temp: 21.5, fw: "v1" },
          },
          "1.1",
        ),
        encodeWialonShort(fix, "1.1"),
        encodeWialonBlackBox([fix, { ...fix, timeMs: T + 1000 }, fix], "1.1"),
        encodeWialonPing(),
      ]),
    );
    expect(out.error).toBeNull();
    expect(replies(out)).toEqual(["#AL#1\r\n", "#AD#1\r\n", "#ASD#1\r\n", "#AB#3\r\n", "#AP#\r\n"]);
    expect(s.imei()).toBe("353976013445485");
    const [, data, short, box] = out.messages;
    expect(data?.positions[0]).toMatchObject({ ts: T, spd: 61, course: 45, alt: 150, satt: 9, valid: true });
    expect(data?.positions[0]?.lat).toBeCloseTo(55.7558, 4);
    expect(data?.positions[0]?.attributes).toEqual({
      hdop: 0.9,
      input: 5,
      output: 1,
      driverId: "00000A1B2C3D",
      SOS: 1,
      temp: 21.5,
      fw: "v1",
      event: "sos",
    });
    expect(short?.positions[0]?.attributes).toEqual({});
    expect(box?.positions.map((p) => p.attributes.archive)).toEqual([true, true, true]);
  });

  it("answers a bad time with #AD#0, a bad structure with #AD#-1, and refuses data before login", () => {
    const s = createWialonSession();
    s.push(encodeWialonLogin("1", "NA", "1.1"));
    const out = s.push(
      Buffer.from("#D#320724;102030;5545.3480;N;03737.0380;E;61;45;150;9;NA;NA;NA;;NA;NA\r\n#D#1;2\r\n"),
    );
    expect(replies(out)).toEqual(["#AD#0\r\n", "#AD#-1\r\n"]);
    expect(out.messages.every((m) => m.positions.length === 0)).toBe(true);
    expect(createWialonSession().push(encodeWialonShort(fix, "1.1")).error).toMatch(/before login/);
  });

  it("keeps a message without coordinates (NA) as a position without fix", () => {
    const s = createWialonSession();
    s.push(encodeWialonLogin("1", "NA", "1.1"));
    const out = s.push(Buffer.from("#SD#040724;102030;NA;NA;NA;NA;NA;NA;NA;NA\r\n"));
    expect(out.messages[0]?.positions[0]).toMatchObject({ valid: false, src: 2, lat: 0, lng: 0 });
  });
});

describe("Wialon IPS 2.0", () => {
  it("checks the CRC-16 of every packet", () => {
    const login = encodeWialonLogin("353976013445485", "NA", "2.0").toString();
    // The CRC is CRC-16/ARC over the body up to the last ';', in hex.
    const crc = crc16Ibm(Buffer.from("2.0;353976013445485;NA;")).toString(16).toUpperCase().padStart(4, "0");
    expect(login).toBe(`#L#2.0;353976013445485;NA;${crc}\r\n`);
    const s = createWialonSession();
    const good = encodeWialonData(fix, {}, "2.0");
    const bad = Buffer.from(good.toString().replace(";61;", ";62;"));
    const out = s.push(
      Buffer.concat([
        Buffer.from(login),
        good,
        bad,
        encodeWialonShort(fix, "2.0"),
        encodeWialonBlackBox([fix, fix], "2.0"),
      ]),
    );
    expect(replies(out)).toEqual(["#AL#1\r\n", "#AD#1\r\n", "#AD#16\r\n", "#ASD#1\r\n", "#AB#2\r\n"]);
    expect(out.messages[2]?.positions).toEqual([]);
  });

  it("answers a login with a wrong CRC #AL#10 and stays unidentified until a good one", () => {
    // A 2.0 login from Traccar's public test data (WialonProtocolDecoderTest.java); its CRC CE45 is not the
    // CRC-16/ARC of "2.0;42001300083;;" (DBEB), so it stands for a login that arrived damaged.
    const s = createWialonSession();
    const out = s.push(Buffer.from("#L#2.0;42001300083;;CE45\r\n"));
    expect(out.error).toBeNull();
    expect(replies(out)).toEqual(["#AL#10\r\n"]);
    expect(s.imei()).toBeNull();
    const retry = s.push(encodeWialonLogin("42001300083", "", "2.0"));
    expect(replies(retry)).toEqual(["#AL#1\r\n"]);
    expect(s.imei()).toBe("42001300083");
    const refused = createWialonSession();
    refused.push(Buffer.from("#L#2.0;42001300083;;CE45\r\n"));
    expect(refused.push(encodeWialonData(fix, {}, "2.0")).error).toMatch(/before login/);
  });

  it("answers a short data packet with a wrong CRC #ASD#13 and stores nothing of it", () => {
    const s = createWialonSession();
    s.push(encodeWialonLogin("1", "NA", "2.0"));
    const bad = Buffer.from(encodeWialonShort(fix, "2.0").toString().replace(";61;", ";62;"));
    const out = s.push(bad);
    expect(replies(out)).toEqual(["#ASD#13\r\n"]);
    expect(out.messages[0]?.positions).toEqual([]);
  });

  it("reads a CRC written as 0x9b0 and gives a message with NA date and time the reception time", () => {
    // Real 2.0 data packet without a fix time, from Traccar's public test data (WialonProtocolDecoderTest.java).
    // Its CRC-16/ARC, worked out independently, is 0x09B0: the device writes it with a prefix and no leading zero.
    const s = createWialonSession();
    s.push(encodeWialonLogin("1", "NA", "2.0"));
    const out = s.push(
      Buffer.from(
        "#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0\r\n",
      ),
    );
    expect(replies(out)).toEqual(["#AD#1\r\n"]);
    const [position] = out.messages[0]?.positions ?? [];
    expect(position).toMatchObject({ ts: 0, attributes: { receptionTime: true, fuel1: 21588, finish: 1 } });
    expect(position?.lat).toBeCloseTo(54 + 29.681944502211763 / 60, 6);
    expect(position?.lng).toBeCloseTo(26 + 54.60403650999069 / 60, 6);
    const received = Date.UTC(2026, 10, 28, 10, 0, 0);
    expect(stampReceptionTime(out.messages[0]?.positions ?? [], received)[0]?.ts).toBe(received);
    const wrong = s.push(Buffer.from("#D#NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;NA;0x9b1\r\n"));
    expect(replies(wrong)).toEqual(["#AD#16\r\n"]);
  });
});

describe("Wialon IPS messages without a fix time", () => {
  it("keeps every black-box message with NA date and time, marked, never at 1970 and never dropped", () => {
    const s = createWialonSession();
    s.push(encodeWialonLogin("1", "NA", "1.1"));
    const out = s.push(
      Buffer.from(
        "#B#NA;NA;5544.6025;N;03739.6834;E;1;2;3;4|040724;102030;5544.6025;N;03739.6834;E;1;2;3;4\r\n",
      ),
    );
    expect(replies(out)).toEqual(["#AB#2\r\n"]);
    const positions = stampReceptionTime(out.messages[0]?.positions ?? [], T + 60_000);
    expect(positions.map((p) => [p.ts, p.attributes.receptionTime ?? false, p.attributes.archive])).toEqual([
      [T + 60_000, true, true],
      [T, false, true],
    ]);
  });

  it("still answers a date without a time #AD#0", () => {
    const s = createWialonSession();
    s.push(encodeWialonLogin("1", "NA", "1.1"));
    const out = s.push(Buffer.from("#SD#NA;102030;5544.6025;N;03739.6834;E;1;2;3;4\r\n"));
    expect(replies(out)).toEqual(["#ASD#0\r\n"]);
  });
});
