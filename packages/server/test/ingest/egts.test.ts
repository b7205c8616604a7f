import {
  egtsPacketSize,
  encodeEgtsDeviceResponse,
  encodeEgtsLogin,
  encodeEgtsPositions,
  readEgtsServerPacket,
  writeEgtsPacket,
  writeEgtsRecord,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** EGTS through the real gateway, on its own port: log-in, positions and their answers, fixes stored. */
let p: TestPlatform;
const IMEI = "861230043900001";
const TID = 43900001;

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, IMEI, "egts", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

async function stored(): Promise<{ ts: number; lat: number; spd: number }[]> {
  return p.ctx.db.query<{ ts: number; lat: number; spd: number }>(
    `select ts::float8 as ts, lat::float8 as lat, spd::float8 as spd from positions
     where device_id = (select id from devices where device_id = $1) order by ts`,
    [IMEI],
  );
}

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 55.75,
  lng: 37.61,
  altitude: 150,
  speedKmh: 36,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
});

/** Reads one whole server packet: its header first, then the length it announces. */
async function readPacket(device: TestDevice): Promise<Buffer> {
  const head = await device.read(11);
  const rest = await device.read(egtsPacketSize(head) - head.length);
  return Buffer.concat([head, rest]);
}

describe("EGTS through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ port: number; proto: string }>(
      "select port, proto from device_types where proto = 'egts'",
    );
    expect(rows).toEqual([{ port: 5007, proto: "egts" }]);
  });

  it("log-in answered with the response and result code; live and black-box records stored and confirmed", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.egts);
    device.send(encodeEgtsLogin(TID, IMEI, 1));
    expect(readEgtsServerPacket(await readPacket(device))).toMatchObject({ type: 0, answers: 1 });
    const result = await readPacket(device);
    expect(readEgtsServerPacket(result)).toMatchObject({ type: 1, resultCodes: [0] });
    device.send(encodeEgtsDeviceResponse(result, 2)!);
    device.send(encodeEgtsPositions(TID, 3, [fix(1)]));
    // The device's response was answered with nothing: the next packet is the answer to packet 3.
    expect(readEgtsServerPacket(await readPacket(device))).toMatchObject({ type: 0, answers: 3 });
    device.send(encodeEgtsPositions(TID, 4, [fix(2), fix(3)], true));
    expect(readEgtsServerPacket(await readPacket(device))).toMatchObject({ type: 0, answers: 4 });
    await p.services.processor.idle();
    const rows = await stored();
    expect(rows.map((r) => [r.ts, r.spd])).toEqual([
      [fix(1).timeMs, 36],
      [fix(2).timeMs, 36],
      [fix(3).timeMs, 36],
    ]);
    expect(rows[0]!.lat).toBeCloseTo(55.75, 5);
    device.end();
  });

  it("a record of a service it does not read is quarantined with the packet before the packet is answered", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.egts);
    device.send(encodeEgtsLogin(TID, IMEI, 1));
    await readPacket(device);
    await readPacket(device);
    const packet = writeEgtsPacket(
      9,
      1,
      writeEgtsRecord(7, 4, 4, [{ type: 51, data: Buffer.from("0102", "hex") }], TID),
    );
    device.send(packet);
    expect(readEgtsServerPacket(await readPacket(device))).toMatchObject({ type: 0, answers: 9 });
    // The answer was written only after the quarantine row committed: no wait.
    const kept = await p.ctx.db.query<{ error: string; raw: string }>(
      "select error, raw from ingest_quarantine where imei = $1 and reason = 'undecoded'",
      [IMEI],
    );
    expect(kept).toEqual([{ error: "egts: record 7 of service 4", raw: packet.toString("hex") }]);
    device.end();
  });
});
