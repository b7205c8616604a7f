import {
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
  encodeRuptelaRecords,
  galileoskyAck,
  ruptelaAck,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice } from "./support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "./support/platform.ts";

/** The binary protocols added after Teltonika and GT06, through the real gateway: frames to stored rows and ACKs. */
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

async function storedAtLeast(deviceId: string, n: number) {
  let rows = await stored(deviceId);
  for (let i = 0; i < 200 && rows.length < n; i++) {
    await p.services.processor.idle();
    await new Promise((resolve) => setImmediate(resolve));
    rows = await stored(deviceId);
  }
  return rows;
}

const at = (minute: number) => TEST_START - 3_600_000 + minute * 60_000;

describe("binary protocols through the gateway", () => {
  it("Ruptela: records and extended records stored, each packet acknowledged 00 02 64 01 13 BC", async () => {
    const id = idOf.ruptela!;
    expect(id).toMatch(/^\d{15}$/);
    const device = await TestDevice.connect(p.gateway!.ports.ruptela);
    const rec = (minute: number) => ({
      timeMs: at(minute),
      lat: 40.42 + minute / 1000,
      lng: -3.69,
      altitude: 650,
      course: 90,
      satellites: 9,
      speedKmh: 36,
    });
    device.send(encodeRuptelaRecords(id, [rec(1), rec(2)], { recordsLeft: 1 }));
    expect(await device.read(6)).toEqual(ruptelaAck(true));
    device.send(encodeRuptelaRecords(id, [rec(3)], { extended: true }));
    expect((await device.read(6)).toString("hex")).toBe("0002640113bc");
    const rows = await storedAtLeast(id, 3);
    expect(rows.map((r) => r.ts)).toEqual([at(1), at(2), at(3)]);
    expect(rows.map((r) => r.spd)).toEqual([36, 36, 36]);
    device.end();
  });

  it("Galileosky: head packet, live and archived records stored, each packet answered 02 + its CRC", async () => {
    const id = idOf.galileosky!;
    expect(id).toMatch(/^\d{15}$/);
    const device = await TestDevice.connect(p.gateway!.ports.galileosky);
    const rec = (minute: number) => ({
      timeMs: at(minute),
      lat: 40.42 + minute / 1000,
      lng: -3.69,
      satellites: 9,
      valid: true,
      speedKmh: 36,
      course: 90,
      altitude: 650,
    });
    const crcOf = (packet: Buffer) => packet.readUInt16LE(packet.length - 2);
    const head = encodeGalileoskyHead(id);
    device.send(head);
    expect(await device.read(3)).toEqual(galileoskyAck(crcOf(head)));
    const archived = encodeGalileoskyRecords([rec(1), rec(2)], true);
    device.send(archived);
    expect(await device.read(3)).toEqual(galileoskyAck(crcOf(archived)));
    const live = encodeGalileoskyRecords([rec(3)]);
    device.send(live);
    expect(await device.read(3)).toEqual(galileoskyAck(crcOf(live)));
    const rows = await storedAtLeast(id, 3);
    expect(rows.map((r) => r.ts)).toEqual([at(1), at(2), at(3)]);
    expect(rows.map((r) => r.spd)).toEqual([36, 36, 36]);
    device.end();
  });
});
