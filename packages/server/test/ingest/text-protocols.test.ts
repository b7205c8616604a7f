import {
  encodeGl200Heartbeat,
  encodeGl200Report,
  encodeGps103Heartbeat,
  encodeGps103Logon,
  encodeGps103Report,
  encodeH02Binary,
  encodeH02Heartbeat,
  encodeH02Position,
  encodeMeitrackReport,
  encodeSuntechAlert,
  encodeSuntechKeepAlive,
  encodeSuntechStatus,
  encodeTk103Handshake,
  encodeTk103Location,
  encodeTk103Logon,
  encodeWatchAlarm,
  encodeWatchLink,
  encodeWatchPosition,
  encodeWialonBlackBox,
  encodeWialonData,
  encodeWialonLogin,
  h02Status,
  WATCH_STATUS,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** The text protocols through the real gateway: each device's frames, encoded with its codec, to stored rows. */
let p: TestPlatform;
const idOf: Record<string, string> = {};

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  const rows = await p.ctx.db.query<{ device_id: string; proto: string }>(
    `select d.device_id, t.proto from devices d join device_types t on t.id = d.type_id
     join companies c on c.id = d.company_id where c.name = 'Acme Logistics' order by d.id`,
  );
  for (const row of rows) idOf[row.proto] ??= row.device_id;
});
afterAll(async () => {
  await p?.close();
});

async function stored(deviceId: string): Promise<{ ts: number; lat: number; spd: number }[]> {
  return p.ctx.db.query<{ ts: number; lat: number; spd: number }>(
    `select ts::float8 as ts, lat::float8 as lat, spd::float8 as spd from positions
     where device_id = (select id from devices where device_id = $1) order by ts`,
    [deviceId],
  );
}

const fixAt = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 40.42 + minute / 1000,
  lng: -3.69,
  speedKmh: 36,
  course: 90,
  altitude: 650,
  satellites: 9,
  valid: true,
});

const port = (
  name: "h02" | "gps103" | "tk103" | "watch" | "wialon" | "gl200" | "meitrack" | "suntech",
): number => p.gateway!.ports[name];

describe("text protocols through the gateway", () => {
  it("lists every protocol's listener", () => {
    for (const name of ["h02", "gps103", "tk103", "watch", "wialon", "gl200", "meitrack", "suntech"] as const)
      expect(port(name)).toBeGreaterThan(0);
  });

  it("GPS103: LOAD after the log-on, ON after the heartbeat, the reports stored before it", async () => {
    const id = idOf.gps103!;
    const device = await TestDevice.connect(port("gps103"));
    device.send(encodeGps103Logon(id));
    expect(String(await device.read(4))).toBe("LOAD");
    device.send(
      Buffer.concat([
        encodeGps103Report(id, fixAt(1)),
        encodeGps103Report(id, fixAt(2), { keyword: "help me" }),
      ]),
    );
    device.send(encodeGps103Heartbeat(id));
    expect(String(await device.read(2))).toBe("ON");
    const rows = await stored(id);
    expect(rows.map((r) => r.ts)).toEqual([fixAt(1).timeMs, fixAt(2).timeMs]);
    expect(rows[0]?.spd).toBeCloseTo(36, 1);
    device.end();
  });

  it("TK103: AP05 for the log-on (its fix stored), AP01HSO for the handshake", async () => {
    const id = idOf.tk103!;
    expect(id).toMatch(/^\d{12}$/);
    const device = await TestDevice.connect(port("tk103"));
    device.send(encodeTk103Logon(id, `350${id}`, fixAt(1)));
    expect(String(await device.read(id.length + 6))).toBe(`(${id}AP05)`);
    device.send(encodeTk103Location(id, fixAt(2)));
    device.send(encodeTk103Handshake(id, `350${id}`));
    expect(String(await device.read(id.length + 9))).toBe(`(${id}AP01HSO)`);
    expect((await stored(id)).map((r) => r.ts)).toEqual([fixAt(1).timeMs, fixAt(2).timeMs]);
    device.end();
  });

  it("watch: LK and AL answered, UD and UD2 stored", async () => {
    const id = idOf.watch!;
    const device = await TestDevice.connect(port("watch"));
    const link = encodeWatchLink("SG", id, { steps: 100, batteryPct: 80 });
    device.send(link);
    const lkAnswer = `[SG*${id}*0002*LK]`;
    expect(String(await device.read(lkAnswer.length))).toBe(lkAnswer);
    const report = (minute: number) => ({ fix: fixAt(minute), batteryPct: 80, gsm: 90, steps: 100 });
    device.send(encodeWatchPosition("SG", id, report(1)));
    device.send(encodeWatchPosition("SG", id, report(2), "UD2"));
    device.send(encodeWatchAlarm("SG", id, { ...report(3), status: WATCH_STATUS.sos }));
    const alAnswer = `[SG*${id}*0002*AL]`;
    expect(String(await device.read(alAnswer.length))).toBe(alAnswer);
    expect((await stored(id)).map((r) => r.ts)).toEqual([1, 2, 3].map((m) => fixAt(m).timeMs));
    device.end();
  });

  it("Wialon IPS 2.0: #AL#1, #AD#1 and #AB#n, each after the rows are stored", async () => {
    const id = idOf.wialon!;
    const device = await TestDevice.connect(port("wialon"));
    device.send(encodeWialonLogin(id, "NA", "2.0"));
    expect(String(await device.read(7))).toBe("#AL#1\r\n");
    device.send(encodeWialonData(fixAt(1), { hdop: 0.8 }, "2.0"));
    expect(String(await device.read(7))).toBe("#AD#1\r\n");
    expect(await stored(id)).toHaveLength(1);
    device.send(encodeWialonBlackBox([fixAt(2), fixAt(3)], "2.0"));
    expect(String(await device.read(7))).toBe("#AB#2\r\n");
    expect((await stored(id)).map((r) => r.ts)).toEqual([1, 2, 3].map((m) => fixAt(m).timeMs));
    device.end();
  });

  it("Wialon IPS 2.0: a damaged log-in answered #AL#10; a message without a fix time stored at its reception", async () => {
    const id = idOf.wialon!;
    const device = await TestDevice.connect(port("wialon"));
    // Traccar's public test data (WialonProtocolDecoderTest.java): a 2.0 log-in whose CRC does not match it.
    device.send(Buffer.from("#L#2.0;42001300083;;CE45\r\n"));
    expect(String(await device.read(8))).toBe("#AL#10\r\n");
    device.send(encodeWialonLogin(id, "NA", "2.0"));
    expect(String(await device.read(7))).toBe("#AL#1\r\n");
    const received = p.clock.now();
    // From the same source: a real 2.0 packet with NA date and time and its CRC written "0x9b0".
    device.send(
      Buffer.from(
        "#D#NA;NA;5429.681944502211763;N;02654.60403650999069;E;NA;NA;NA;NA;NA;NA;NA;1.0;NA;m1:1:9196679,d1:1:15397,t1:1:20,b1:1:162,fuel1:2:21588.0,pv1:2:35.98,finish:1:1;0x9b0\r\n",
      ),
    );
    expect(String(await device.read(7))).toBe("#AD#1\r\n");
    const rows = await p.ctx.db.query<{ ts: number; rt: number; lat: number }>(
      `select ts::float8 as ts, received_ts::float8 as rt, lat::float8 as lat from positions
       where device_id = (select id from devices where device_id = $1) and attributes->>'receptionTime' = 'true'`,
      [id],
    );
    expect(rows.map((r) => [r.ts, r.rt])).toEqual([[received, received]]);
    expect(rows[0]?.lat).toBeCloseTo(54.4946991, 5);
    device.end();
  });

  it("GL200 (@Track): a report and a buffered one stored before the heartbeat's +SACK", async () => {
    const id = idOf.gl200!;
    const device = await TestDevice.connect(port("gl200"));
    const options = {
      cell: { mcc: 214, mnc: 1, lac: 100, cid: 200 },
      odometerKm: 10,
      sendMs: TEST_START,
      count: 1,
    };
    device.send(encodeGl200Report(id, [{ ...fixAt(1), accuracy: 1 }], options));
    device.send(
      encodeGl200Report(id, [{ ...fixAt(2), accuracy: 1 }], { ...options, buffered: true, count: 2 }),
    );
    device.send(encodeGl200Heartbeat(id, TEST_START, 3));
    const sack = "+SACK:GTHBD,1A0102,0003$";
    expect(String(await device.read(sack.length))).toBe(sack);
    expect((await stored(id)).map((r) => r.ts)).toEqual([fixAt(1).timeMs, fixAt(2).timeMs]);
    device.end();
  });

  it("Meitrack: AAA reports with a checksum stored (reports are not answered)", async () => {
    const id = idOf.meitrack!;
    const device = await TestDevice.connect(port("meitrack"));
    device.send(
      Buffer.concat([
        encodeMeitrackReport(id, fixAt(1), {}),
        encodeMeitrackReport(id, fixAt(2), { event: 1 }),
      ]),
    );
    let rows = await stored(id);
    for (let i = 0; i < 200 && rows.length < 2; i++) {
      await p.services.processor.idle();
      await new Promise((resolve) => setImmediate(resolve));
      rows = await stored(id);
    }
    expect(rows.map((r) => r.ts)).toEqual([fixAt(1).timeMs, fixAt(2).timeMs]);
    device.end();
  });

  it("Suntech: keep-alive, status, stored and alert reports stored (nothing is answered)", async () => {
    const id = idOf.suntech!;
    expect(id).toMatch(/^\d{9}$/);
    const device = await TestDevice.connect(port("suntech"));
    device.send(
      Buffer.concat([
        encodeSuntechKeepAlive(id),
        encodeSuntechStatus(id, fixAt(1), { archive: true }),
        encodeSuntechStatus(id, fixAt(2), { model: "SA200", ignition: true }),
        encodeSuntechAlert(id, fixAt(3), 41),
      ]),
    );
    let rows = await stored(id);
    for (let i = 0; i < 200 && rows.length < 3; i++) {
      await p.services.processor.idle();
      await new Promise((resolve) => setImmediate(resolve));
      rows = await stored(id);
    }
    expect(rows.map((r) => r.ts)).toEqual([fixAt(1).timeMs, fixAt(2).timeMs, fixAt(3).timeMs]);
    expect(rows.map((r) => r.spd)).toEqual([36, 36, 36]);
    expect(device.unread()).toBe(0);
    device.end();
  });

  it("H02: text and binary frames stored (the protocol answers nothing)", async () => {
    const id = idOf.h02!;
    expect(id).toMatch(/^\d{10}$/);
    const device = await TestDevice.connect(port("h02"));
    const status = h02Status({ ignition: true });
    // A binary frame ends where the next frame starts: the heartbeat closes it.
    device.send(
      Buffer.concat([
        encodeH02Position(id, fixAt(1), status),
        encodeH02Binary(id, fixAt(2), status),
        encodeH02Heartbeat(id),
      ]),
    );
    // No answer to wait for: the rows appear once the processor has committed them.
    let rows = await stored(id);
    for (let i = 0; i < 200 && rows.length < 2; i++) {
      await p.services.processor.idle();
      await new Promise((resolve) => setImmediate(resolve));
      rows = await stored(id);
    }
    expect(rows.map((r) => r.ts)).toEqual([fixAt(1).timeMs, fixAt(2).timeMs]);
    device.end();
  });

  it("closes the connection of a device nobody registered", async () => {
    const device = await TestDevice.connect(port("gps103"));
    device.send(encodeGps103Logon("999999999999999"));
    await device.closed;
  });
});
